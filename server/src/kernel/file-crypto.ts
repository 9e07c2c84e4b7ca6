import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Encryption at rest for stored files: AES-256-GCM, each chunk sealed on its own so a file is written and
 * read one chunk at a time. A chunk's additional data names its file, its position and whether it is the
 * last one, so a chunk moved to another file, two chunks swapped, or the tail of a file cut off (the new
 * last chunk was sealed as "not last") fail authentication instead of yielding wrong bytes.
 */

export const CIPHER = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What sealing adds to each chunk: the nonce in front, the tag behind. */
export const SEAL_OVERHEAD = NONCE_BYTES + TAG_BYTES;
export const FILE_KEY_ENV = 'LOUPE_FILE_KEY';
export const FILE_KEY_FILE_ENV = 'LOUPE_FILE_KEY_FILE';

/** Where the key comes from, as the configuration says; read (or made) once, by fileKeyFor. */
export type FileKeySource =
  | { from: 'env'; key: Buffer }
  | { from: 'file'; path: string }
  /** Development without a key: made on first start, in a file beside the data folder. */
  | { from: 'generated'; path: string };

export interface FileKey {
  /**
   * Names the key without revealing it (the start of a SHA-256 of a fixed label and the key), stored with
   * every file so that a file sealed with another key is recognised before any decryption is tried, and a
   * later rotation knows which files still need re-sealing.
   */
  id: string;
  key: Buffer;
}

export class FileKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileKeyError';
  }
}

/** A stored file that does not decrypt: altered, reordered, truncated, or sealed with another key. */
export class FileIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileIntegrityError';
  }
}

export function fileKeyFromBytes(key: Buffer): FileKey {
  if (key.length !== 32) throw new FileKeyError('A file key must be 32 bytes.');
  const id = createHash('sha256').update('loupe-file-key-id\0').update(key).digest('hex').slice(0, 16);
  return { id, key };
}

/** The key written in a key file or in LOUPE_FILE_KEY: base64 of 32 bytes, surrounding blanks ignored. */
export function parseFileKey(text: string, where: string): FileKey {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) {
    throw new FileKeyError(
      `${where} must hold the base64 of 32 random bytes (make one with: openssl rand -base64 32).`,
    );
  }
  return fileKeyFromBytes(bytes);
}

function readKeyFile(file: string): FileKey {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FileKeyError(
      `The file key could not be read from ${file} (${FILE_KEY_FILE_ENV}): ${(error as Error).message}`,
    );
  }
  return parseFileKey(text, `The key file ${file}`);
}

const resolved = new Map<string, FileKey>();

/**
 * The key a source names. A development key is generated on first start with mode 0600 (`wx`, so two
 * processes starting together agree on the first one written); a configured key file must already exist.
 */
export function fileKeyFor(source: FileKeySource): FileKey {
  if (source.from === 'env') return fileKeyFromBytes(source.key);
  const known = resolved.get(source.path);
  if (known) return known;
  if (source.from === 'generated') {
    try {
      mkdirSync(path.dirname(source.path), { recursive: true });
      writeFileSync(source.path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  const key = readKeyFile(source.path);
  resolved.set(source.path, key);
  return key;
}

/** Binds a chunk to its file, its place and whether the file ends with it. */
function additionalData(fileKey: string, index: number, last: boolean): Buffer {
  return Buffer.from(`loupe-file/v1\0${fileKey}\0${index}\0${last ? 'last' : 'more'}`, 'utf8');
}

/** nonce (12 bytes, fresh for every chunk) + ciphertext + GCM tag (16 bytes). */
export function sealChunk(
  key: FileKey,
  fileKey: string,
  index: number,
  last: boolean,
  plain: Buffer,
): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(CIPHER, key.key, nonce);
  cipher.setAAD(additionalData(fileKey, index, last));
  const body = cipher.update(plain);
  const final = cipher.final();
  return Buffer.concat([nonce, body, final, cipher.getAuthTag()]);
}

export function openChunk(
  key: FileKey,
  fileKey: string,
  index: number,
  last: boolean,
  sealed: Buffer,
): Buffer {
  if (sealed.length < SEAL_OVERHEAD) {
    throw new FileIntegrityError(`Stored file ${fileKey}: chunk ${index} is too short to be a sealed chunk.`);
  }
  const decipher = createDecipheriv(CIPHER, key.key, sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(additionalData(fileKey, index, last));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new FileIntegrityError(
      `Stored file ${fileKey}: chunk ${index} failed authentication (altered, moved, reordered or cut short, or sealed with another key).`,
    );
  }
}
