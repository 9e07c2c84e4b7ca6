import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

// The key sources (KeySource, parseKeySource, keyFor …) live in config.ts, which reads them at boot.
export {
  AUDIT_KEY,
  BACKUP_KEY,
  KeyError,
  describeKeySource,
  keyFor,
  parseKeyBytes,
  type KeySetting,
  type KeySource,
} from '../config';
import { BACKUP_KEY } from '../config';

/** A key's fingerprint: names it in an archive's header without revealing it. */
export const keyId = (key: Buffer, label: string) =>
  createHash('sha256').update(`${label}\0`).update(key).digest('hex').slice(0, 16);

/*
 * The encrypted archive (issue 25, item 5; UK GDPR art. 32(1)(a): encryption of personal data): the gzipped
 * tar of before, sealed with AES-256-GCM in chunks of 1 MiB, each with a fresh 96-bit nonce, as stored files
 * are (kernel/file-crypto.ts). Layout:
 *   "LOUPEBK1" (8 bytes) | header length (4, BE) | header JSON {"cipher","keyId","chunkBytes"}
 *   then per chunk: sealed length (4, BE) | nonce (12) | ciphertext | tag (16)
 * Each chunk's additional data binds the header, the chunk's index and whether it is the last one, so chunks
 * swapped, dropped or cut off at the end fail authentication. The header's keyId lets a wrong key be named
 * at once; the first chunk's authentication proves the key before anything is restored.
 */
export const ENCRYPTED_MAGIC = Buffer.from('LOUPEBK1', 'latin1');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const CHUNK = 1024 * 1024;
const NONCE = 12;
const TAG = 16;
const KEY_LABEL = 'loupe-backup-key-id';

interface ArchiveHeader {
  cipher: 'aes-256-gcm';
  keyId: string;
  chunkBytes: number;
}

function aad(header: Buffer, index: number, last: boolean): Buffer {
  return Buffer.concat([
    Buffer.from('loupe-backup/v1\0', 'latin1'),
    createHash('sha256').update(header).digest(),
    Buffer.from(`\0${index}\0${last ? 'last' : 'more'}`, 'latin1'),
  ]);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Seals `plainFile` into `sealedFile`, one chunk in memory at a time. */
export async function encryptArchive(plainFile: string, sealedFile: string, key: Buffer): Promise<void> {
  const header = Buffer.from(
    JSON.stringify({
      cipher: 'aes-256-gcm',
      keyId: keyId(key, KEY_LABEL),
      chunkBytes: CHUNK,
    } satisfies ArchiveHeader),
  );
  const input = await open(plainFile, 'r');
  const output = await open(sealedFile, 'w', 0o600);
  try {
    await output.write(Buffer.concat([ENCRYPTED_MAGIC, u32(header.length), header]));
    const size = (await input.stat()).size;
    const chunks = Math.max(1, Math.ceil(size / CHUNK));
    const buffer = Buffer.alloc(CHUNK);
    for (let index = 0; index < chunks; index += 1) {
      const { bytesRead } = await input.read(buffer, 0, CHUNK, index * CHUNK);
      const nonce = randomBytes(NONCE);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad(header, index, index === chunks - 1));
      const body = Buffer.concat([cipher.update(buffer.subarray(0, bytesRead)), cipher.final()]);
      const sealed = Buffer.concat([nonce, body, cipher.getAuthTag()]);
      await output.write(Buffer.concat([u32(sealed.length), sealed]));
    }
    await output.sync();
  } finally {
    await input.close();
    await output.close();
  }
}

export type ArchiveKind = 'encrypted' | 'unencrypted' | 'unknown';

/** What the first bytes of a file say it is: an encrypted archive, a gzipped tar of earlier releases, or neither. */
export async function archiveKind(file: string): Promise<ArchiveKind> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    if (bytesRead === 8 && head.equals(ENCRYPTED_MAGIC)) return 'encrypted';
    if (bytesRead >= 2 && head.subarray(0, 2).equals(GZIP_MAGIC)) return 'unencrypted';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/** A backup the configured key does not open, or one altered or cut short: nothing was restored. */
export class BackupKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupKeyError';
  }
}

/**
 * Opens a sealed archive into `plainFile`. The key is checked against the header's fingerprint, then every
 * chunk is authenticated as it is read; a wrong key, an altered byte or a missing tail throws BackupKeyError.
 * Nothing is written anywhere but `plainFile` (a private temporary folder), and the caller restores nothing
 * until this has returned.
 */
export async function decryptArchive(
  sealedFile: string,
  plainFile: string,
  key: Buffer,
  keyName: string,
): Promise<void> {
  const data = createReadStream(sealedFile);
  let pending: Buffer = Buffer.alloc(0);
  let header: Buffer | null = null;
  let parsed: ArchiveHeader | null = null;
  let index = 0;
  let sawLast = false;
  const output = await open(plainFile, 'w', 0o600);
  const damaged = (why: string) =>
    new BackupKeyError(`${sealedFile} is damaged or was altered (${why}); nothing was restored.`);
  try {
    const sealedChunks: Buffer[] = [];
    const take = async (final: boolean) => {
      for (;;) {
        if (header === null) {
          if (pending.length < 12) return;
          const length = pending.readUInt32BE(8);
          if (length > 4096) throw damaged('its header is not a Loupe backup header');
          if (pending.length < 12 + length) return;
          header = pending.subarray(12, 12 + length);
          try {
            parsed = JSON.parse(header.toString('utf8')) as ArchiveHeader;
          } catch {
            throw damaged('its header is not readable');
          }
          if (parsed.cipher !== 'aes-256-gcm') throw damaged(`unknown cipher ${String(parsed.cipher)}`);
          if (parsed.keyId !== keyId(key, KEY_LABEL)) {
            throw new BackupKeyError(
              `${sealedFile} was encrypted with another backup key (fingerprint ${parsed.keyId}); the key from ` +
                `${keyName} has fingerprint ${keyId(key, KEY_LABEL)}. Give the key this backup was taken with ` +
                `(${BACKUP_KEY.env} or ${BACKUP_KEY.fileEnv}); nothing was restored.`,
            );
          }
          pending = pending.subarray(12 + length);
          continue;
        }
        if (pending.length < 4) break;
        const length = pending.readUInt32BE(0);
        if (length < NONCE + TAG || length > CHUNK + NONCE + TAG)
          throw damaged(`chunk ${index} has a bad length`);
        if (pending.length < 4 + length) break;
        sealedChunks.push(pending.subarray(4, 4 + length));
        pending = pending.subarray(4 + length);
        // A chunk is opened once the next one (or the end) is seen: only then is it known whether it is last.
        while (sealedChunks.length > 1) await openOne(sealedChunks.shift() as Buffer, false);
      }
      if (final) {
        if (header === null) throw damaged('it ends before its header');
        if (pending.length > 0) throw damaged('it ends inside a chunk');
        const last = sealedChunks.shift();
        if (!last) throw damaged('it holds no data');
        await openOne(last, true);
      }
    };
    const openOne = async (sealed: Buffer, last: boolean) => {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE));
      decipher.setAAD(aad(header as Buffer, index, last));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
      let plain: Buffer;
      try {
        plain = Buffer.concat([
          decipher.update(sealed.subarray(NONCE, sealed.length - TAG)),
          decipher.final(),
        ]);
      } catch {
        throw index === 0
          ? new BackupKeyError(
              `The backup key from ${keyName} does not open ${sealedFile} (its first part fails authentication: ` +
                'another key, or the file was altered); nothing was restored.',
            )
          : damaged(`part ${index} fails authentication${last ? ' or the file was cut short' : ''}`);
      }
      await output.write(plain);
      index += 1;
      sawLast = last;
    };
    let first = true;
    for await (const chunk of data) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      if (first) {
        if (pending.length >= 8 && !pending.subarray(0, 8).equals(ENCRYPTED_MAGIC)) {
          throw damaged('it is not an encrypted Loupe backup');
        }
        if (pending.length >= 8) first = false;
      }
      await take(false);
    }
    await take(true);
    if (!sawLast) throw damaged('it was cut short');
  } finally {
    data.destroy();
    await output.close();
  }
}
