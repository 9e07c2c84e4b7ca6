import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from './database';
import { AUDIT_KEY, describeKeySource, keyFor, type KeySource } from './backup-key';

/**
 * Audit checkpoints (issue 25, item 4): each chain's head — its last seq and hash — signed with an Ed25519 key
 * kept outside the database (LOUPE_AUDIT_KEY / LOUPE_AUDIT_KEY_FILE) and appended as one JSON line to a log
 * outside the database (AUDIT_CHECKPOINT_LOG). The hash chain alone shows an entry changed, inserted or removed
 * in the middle, but not the last entries deleted (tail truncation) nor the whole tail rewritten with the
 * triggers off; a signed head kept elsewhere does. `audit:verify` checks the chains against the latest one.
 * MLR 2017 reg. 40 asks that records be kept so they can be relied on; this is what makes the trail's own end
 * checkable.
 */

export interface ChainHead {
  /** null: the system chain. */
  shopId: number | null;
  seq: number;
  hash: string;
}

export interface Checkpoint {
  v: 1;
  at: string;
  /** 'daily', 'start', 'backup', 'manual' */
  reason: string;
  chains: ChainHead[];
  /** base64 Ed25519 signature over signedText(). */
  signature: string;
}

export class CheckpointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckpointError';
  }
}

/** PKCS#8 DER header of an Ed25519 private key (RFC 8410): followed by the 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** How the operator names it in messages (never the key). */
  name: string;
}

export function signingKeyFor(source: KeySource): SigningKey {
  const seed = keyFor(source);
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { privateKey, publicKey: createPublicKey(privateKey), name: describeKeySource(source, AUDIT_KEY) };
}

/** What is signed: the checkpoint without its signature, keys in a fixed order. */
function signedText(c: Omit<Checkpoint, 'signature'>): Buffer {
  return Buffer.from(
    JSON.stringify({
      v: c.v,
      at: c.at,
      reason: c.reason,
      chains: c.chains.map((h) => ({ shopId: h.shopId, seq: h.seq, hash: h.hash })),
    }),
    'utf8',
  );
}

/** The head of every chain: its last entry's seq and hash. */
export async function chainHeads(db: Queryable): Promise<ChainHead[]> {
  const rows = await db.query<{ shop_id: string | null; seq: string; hash: string }>(
    `SELECT DISTINCT ON (coalesce(shop_id, 0)) shop_id::text, seq::text, hash
       FROM audit_log ORDER BY coalesce(shop_id, 0), seq DESC`,
  );
  return rows.map((r) => ({
    shopId: r.shop_id === null ? null : Number(r.shop_id),
    seq: Number(r.seq),
    hash: r.hash,
  }));
}

export const chainName = (shopId: number | null) => (shopId === null ? 'the system chain' : `shop ${shopId}`);

/**
 * How the chains stand against a checkpoint: each chain it names must still reach its seq with the same hash
 * there. Returns the problems, one per chain (empty: every chain reaches it). The entries after a checkpoint
 * are the hash chain's to check (verifyChains); an entry at the checkpoint's seq with another hash means
 * everything up to it was rewritten.
 */
export async function compareWithCheckpoint(db: Queryable, checkpoint: Checkpoint): Promise<string[]> {
  const problems: string[] = [];
  for (const head of checkpoint.chains) {
    const [last] = await db.query<{ seq: string | null }>(
      `SELECT max(seq)::text AS seq FROM audit_log WHERE coalesce(shop_id, 0) = $1`,
      [head.shopId ?? 0],
    );
    const lastSeq = last?.seq === null || last?.seq === undefined ? 0 : Number(last.seq);
    if (lastSeq < head.seq) {
      problems.push(
        `${chainName(head.shopId)} was cut short: the checkpoint of ${checkpoint.at} records seq ${head.seq}, ` +
          `but the chain ends at seq ${lastSeq} (${head.seq - lastSeq} entries deleted from its end)`,
      );
      continue;
    }
    const [entry] = await db.query<{ hash: string }>(
      `SELECT hash FROM audit_log WHERE coalesce(shop_id, 0) = $1 AND seq = $2`,
      [head.shopId ?? 0, head.seq],
    );
    if (entry?.hash !== head.hash) {
      problems.push(
        `${chainName(head.shopId)} was rewritten: its entry at seq ${head.seq} no longer has the hash the ` +
          `checkpoint of ${checkpoint.at} records (${head.hash.slice(0, 12)}…, now ${entry?.hash.slice(0, 12) ?? 'none'}…)`,
      );
    }
  }
  return problems;
}

export interface CheckpointLog {
  file: string;
  /** Every line, oldest first, with its signature checked. */
  checkpoints: Checkpoint[];
  /** Lines that are not a checkpoint or whose signature does not verify under the configured key. */
  bad: { line: number; problem: string }[];
}

export async function readCheckpointLog(file: string, key: SigningKey): Promise<CheckpointLog> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file, checkpoints: [], bad: [] };
    throw error;
  }
  const checkpoints: Checkpoint[] = [];
  const bad: CheckpointLog['bad'] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let parsed: Checkpoint;
    try {
      parsed = JSON.parse(raw) as Checkpoint;
    } catch {
      bad.push({ line: index + 1, problem: 'not a JSON line' });
      return;
    }
    if (parsed?.v !== 1 || !Array.isArray(parsed.chains) || typeof parsed.signature !== 'string') {
      bad.push({ line: index + 1, problem: 'not a checkpoint' });
      return;
    }
    const ok = verify(null, signedText(parsed), key.publicKey, Buffer.from(parsed.signature, 'base64'));
    if (!ok) {
      bad.push({
        line: index + 1,
        problem: `its signature does not verify under the audit key from ${key.name} (altered, or signed with another key)`,
      });
      return;
    }
    checkpoints.push(parsed);
  });
  return { file, checkpoints, bad };
}

export interface CheckpointConfig {
  auditKey: KeySource;
  auditCheckpointLog: string;
}

/**
 * Signs the chains' heads and appends them to the log (O_APPEND, then fsync). Refused (CheckpointError, nothing
 * written) when the chains no longer reach the latest checkpoint, or the log holds a line that does not verify:
 * a checkpoint must never bless a chain cut short or rewritten since the last one.
 */
export async function writeCheckpoint(
  db: Queryable,
  config: CheckpointConfig,
  reason: string,
  options: { heads?: ChainHead[]; at?: Date } = {},
): Promise<Checkpoint> {
  const key = signingKeyFor(config.auditKey);
  const log = await readCheckpointLog(config.auditCheckpointLog, key);
  if (log.bad.length > 0) {
    throw new CheckpointError(
      `No checkpoint written: line ${log.bad[0]?.line} of ${log.file}: ${log.bad[0]?.problem}. Run npm run audit:verify.`,
    );
  }
  const latest = log.checkpoints.at(-1);
  if (latest) {
    const problems = await compareWithCheckpoint(db, latest);
    if (problems.length > 0) {
      throw new CheckpointError(`No checkpoint written: ${problems.join('; ')}. Run npm run audit:verify.`);
    }
  }
  const heads = options.heads ?? (await chainHeads(db));
  const unsigned = { v: 1 as const, at: (options.at ?? new Date()).toISOString(), reason, chains: heads };
  const checkpoint: Checkpoint = {
    ...unsigned,
    signature: sign(null, signedText(unsigned), key.privateKey).toString('base64'),
  };
  mkdirSync(path.dirname(config.auditCheckpointLog), { recursive: true });
  const handle = await open(config.auditCheckpointLog, 'a', 0o600);
  try {
    await handle.write(`${JSON.stringify(checkpoint)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return checkpoint;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A checkpoint when the server starts and every day while it runs (both databases). A refusal is logged as an
 * error (the chains no longer reach the last checkpoint: `audit:verify` names how) and tried again next day.
 */
export function scheduleCheckpoints(
  db: Queryable,
  config: CheckpointConfig,
  log: { info(message: string): void; error(message: string): void },
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const take = async (reason: string) => {
    if (stopped) return;
    try {
      const c = await writeCheckpoint(db, config, reason);
      log.info(`Audit checkpoint (${c.chains.length} chains) appended to ${config.auditCheckpointLog}`);
    } catch (error) {
      if (!stopped) log.error(`Audit checkpoint: ${(error as Error).message}`);
    }
  };
  void take('start').finally(() => {
    if (stopped) return;
    timer = setInterval(() => void take('daily'), DAY_MS);
    timer.unref();
  });
  return () => {
    stopped = true;
    if (timer) clearInterval(timer);
  };
}
