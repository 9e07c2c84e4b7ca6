import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FileKey, FileKeySource } from '../config';
import type { Queryable } from '../db/database';

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

/** A stored file that does not decrypt: altered, reordered, truncated, or sealed with another key. */
export class FileIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileIntegrityError';
  }
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

/** A server whose file key does not open the files already stored: refused at start (issue 25, item 5). */
export class WrongFileKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WrongFileKeyError';
  }
}

/**
 * Checks, before anything is stored or served, that `key` opens the files already in the database: the newest
 * stored file's key fingerprint must be this key's, and its first chunk must authenticate under it (a matching
 * fingerprint is a SHA-256 prefix, so the decryption is the proof). A database without stored files has
 * nothing a wrong key could lose, so it passes. The message names the setting and the fingerprints, never the
 * key, and its advice never suggests making a new key: files sealed with the old one would be lost.
 */
export async function checkFileKey(db: Queryable, key: FileKey, setting: FileKeySource): Promise<void> {
  const rows = await db.query<{ key: string; keyId: string; count: number; bytes: Uint8Array | string }>(
    `SELECT f.key, f.key_id AS "keyId", f.chunk_count AS count,
            ${(db as { kind?: string }).kind === 'postgres' ? 'c.bytes' : "encode(c.bytes, 'hex')"} AS bytes
       FROM stored_files f JOIN stored_file_chunks c ON c.file_id = f.id AND c.seq = 0
      WHERE f.attached AND f.chunk_count > 0
      ORDER BY f.id DESC LIMIT 1`,
  );
  const file = rows[0];
  if (!file) return;
  let opens = file.keyId === key.id;
  if (opens) {
    const sealed =
      typeof file.bytes === 'string'
        ? Buffer.from(file.bytes.replace(/^\\x/, ''), 'hex')
        : Buffer.from(file.bytes);
    try {
      openChunk(key, file.key, 0, Number(file.count) === 1, sealed);
    } catch {
      opens = false;
    }
  }
  if (opens) return;
  const where =
    setting.from === 'env'
      ? 'LOUPE_FILE_KEY'
      : setting.from === 'file'
        ? `LOUPE_FILE_KEY_FILE (${setting.path})`
        : `the development key file ${setting.path} (neither LOUPE_FILE_KEY nor LOUPE_FILE_KEY_FILE is set)`;
  throw new WrongFileKeyError(
    `Refusing to start: the file key from ${where} (fingerprint ${key.id}) does not open the files stored in ` +
      `this database (stored file ${file.key} was sealed with the key whose fingerprint is ${file.keyId}). ` +
      'Start with the key these files were stored with: the LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE of the ' +
      'earlier starts, or, in development, the <DATA_DIR>.file-key file that was beside this data folder (or ' +
      'beside the folder this backup came from). Do not make a new key: files sealed with the old one could ' +
      'never be read again. Nothing was changed.',
  );
}
