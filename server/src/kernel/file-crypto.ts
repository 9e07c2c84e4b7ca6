import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FileKey } from '../config';

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
