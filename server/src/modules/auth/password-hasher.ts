import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { argon2id, hash as argon2 } from 'argon2';

export interface Argon2Params {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's Password Storage Cheat Sheet, first argon2id option: 19 MiB, 2 passes, 1 lane (~30 ms on a laptop
 * core). Stored hashes carry their parameters, so raising these later rehashes each user at their next sign-in.
 */
export const DEFAULT_PARAMS: Argon2Params = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };
const ARGON2_VERSION = 0x13;
const SALT_LENGTH = 16;
const KEY_LENGTH = 32;
/** No stored hash of ours asks for more; a larger figure is a corrupt row, not a reason to take 1 GiB. */
const MAX_MEMORY_KIB = 1024 * 1024;

/**
 * At most this many hashes run at once; the others wait their turn. Each takes 19 MiB and one of libuv's four
 * pool threads, which file reads and writes (uploads, the embedded database) need too: a flood of sign-ins
 * would otherwise take every thread and a large slice of memory, and stall requests that never hash.
 */
export const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

/** Hashes running and waiting now, so the cap can be observed. */
export function hashLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** The same password typed on another keyboard or OS (composed or decomposed accents) is the same password. */
const normalize = (password: string): string => password.normalize('NFKC');

// Both run on libuv's thread pool (argon2's native worker, node's async scrypt): a sign-in never blocks
// other requests.
function deriveArgon2(password: string, salt: Buffer, params: Argon2Params, length: number): Promise<Buffer> {
  return withHashSlot(() =>
    argon2(normalize(password), {
      ...params,
      type: argon2id,
      version: ARGON2_VERSION,
      salt,
      hashLength: length,
      raw: true,
    }),
  );
}

/** The hashes written before argon2id: `scrypt$N$r$p$salt$hash`. */
interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function deriveScrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(normalize(password), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

const b64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '');

/**
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (PHC string format, unpadded base64), with the parameters in the
 * reference implementation's order, so the hashes read the same in libargon2, argon2-cffi or Django.
 */
export async function hashPassword(password: string, params: Argon2Params = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveArgon2(password, salt, params, KEY_LENGTH);
  const { memoryCost: m, timeCost: t, parallelism: p } = params;
  return `$argon2id$v=${ARGON2_VERSION}$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(key)}`;
}

interface ParsedArgon2 {
  version: number;
  params: Argon2Params;
  salt: Buffer;
  key: Buffer;
}

const POSITIVE = /^[1-9]\d{0,9}$/;

function parseArgon2id(encoded: string): ParsedArgon2 | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== '' || parts[1] !== 'argon2id') return null;
  const version = /^v=(\d+)$/.exec(parts[2] ?? '')?.[1];
  const fields = new Map((parts[3] ?? '').split(',').map((pair) => pair.split('=') as [string, string]));
  const [m, t, p] = ['m', 't', 'p'].map((name) => fields.get(name));
  if (version === undefined || fields.size !== 3 || ![m, t, p].every((n) => n && POSITIVE.test(n))) {
    return null;
  }
  const params = { memoryCost: Number(m), timeCost: Number(t), parallelism: Number(p) };
  if (params.memoryCost > MAX_MEMORY_KIB || params.memoryCost < 8 * params.parallelism) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || key.length < 4) return null;
  return { version: Number(version), params, salt, key };
}

async function verifyScrypt(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await deriveScrypt(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/** Argon2id hashes and the older scrypt ones both verify; anything else is a wrong password. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (encoded.startsWith('scrypt$')) return verifyScrypt(password, encoded);
  const parsed = parseArgon2id(encoded);
  if (!parsed || parsed.version !== ARGON2_VERSION) return false;
  const actual = await deriveArgon2(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(actual, parsed.key);
}

/**
 * True when a hash that just verified should be replaced by one at DEFAULT_PARAMS: scrypt, another argon2
 * variant or version, or argon2id cheaper in memory or passes than today's.
 */
export function needsRehash(encoded: string): boolean {
  const parsed = parseArgon2id(encoded);
  if (!parsed || parsed.version !== ARGON2_VERSION) return true;
  return (
    parsed.params.memoryCost < DEFAULT_PARAMS.memoryCost || parsed.params.timeCost < DEFAULT_PARAMS.timeCost
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * Checking an unknown username costs as much as checking a wrong password, so response times do not tell
 * an attacker which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('loupe-no-such-user');
  await verifyPassword(password, await dummyHash);
}
