import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../src/db/database';
import type { LoupeDb } from '../../src/open-database';
import { fileKeyFromBytes } from '../../src/config';
import { FileIntegrityError } from '../../src/kernel/file-crypto';
import {
  CHUNK_BYTES,
  FileKeyMismatchError,
  StoredFileWriter,
  openStoredFile,
  storeBytes,
} from '../../src/kernel/file-storage';
import { createTestDatabase, type TestDatabase } from '../helper';
import { readStored, testFileKey } from './file-store-helpers';

const MB = 1024 * 1024;
const key = testFileKey();
let tdb: TestDatabase;
let db: LoupeDb;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = await tdb.open();
});
afterAll(async () => {
  await db?.close();
  await tdb?.dispose();
});
beforeEach(async () => {
  await db.query('DELETE FROM stored_files');
});

const newKey = () => randomBytes(24).toString('hex');

/** Reads a file to its end, keeping what came out before any error. */
async function drain(storageKey: string, withKey = key): Promise<{ bytes: Buffer; error: unknown }> {
  const parts: Buffer[] = [];
  try {
    const opened = await openStoredFile(db, withKey, storageKey);
    if (!opened) throw new Error('no such file');
    for await (const chunk of opened.chunks) parts.push(chunk);
    return { bytes: Buffer.concat(parts), error: null };
  } catch (error) {
    return { bytes: Buffer.concat(parts), error };
  }
}

const chunkRows = async (storageKey: string) =>
  db.query<{ seq: number; size: number }>(
    `SELECT c.seq, length(c.bytes) AS size FROM stored_file_chunks c JOIN stored_files f ON f.id = c.file_id
      WHERE f.key = $1 ORDER BY c.seq`,
    [storageKey],
  );

describe('stored files', () => {
  it.each([
    ['a small file', 100, 1],
    ['exactly one chunk', CHUNK_BYTES, 1],
    ['exactly two chunks', 2 * CHUNK_BYTES, 2],
    ['5 MB', 5 * MB, 20],
    ['5 MB and a byte', 5 * MB + 1, 21],
  ])('round-trips %s byte for byte, in chunks of 256 KiB', async (_name, size, chunks) => {
    const bytes = randomBytes(size);
    const storageKey = newKey();
    const written = await storeBytes(db, key, storageKey, bytes, 'application/pdf');
    expect(written.size).toBe(size);
    const rows = await chunkRows(storageKey);
    expect(rows.map((r) => r.seq)).toEqual([...Array(chunks).keys()]);
    // Every chunk but the last holds exactly CHUNK_BYTES, plus nonce and tag.
    for (const row of rows.slice(0, -1)) expect(Number(row.size)).toBe(CHUNK_BYTES + 28);
    const back = await readStored(db, storageKey);
    expect(back.length).toBe(size);
    expect(back.equals(bytes)).toBe(true);
    const [file] = await db.query<{
      sha256: string;
      size: string;
      chunks: number;
      type: string;
      keyId: string;
    }>(
      `SELECT sha256, size_bytes::text AS size, chunk_count AS chunks, content_type AS type, key_id AS "keyId"
         FROM stored_files WHERE key = $1`,
      [storageKey],
    );
    expect(file).toEqual({
      sha256: written.sha256,
      size: String(size),
      chunks,
      type: 'application/pdf',
      keyId: key.id,
    });
  });

  it('keeps no plaintext in the database: not even a 16-byte run of a file repeating one phrase', async () => {
    const marker = Buffer.from('PASSPORT-NO-123456789-LOUPE-SECRET ');
    const bytes = Buffer.concat(Array.from({ length: 20_000 }, () => marker)); // ~700 KB, three chunks
    const storageKey = newKey();
    await storeBytes(db, key, storageKey, bytes, 'application/pdf');
    // The database's own search, over every chunk...
    const [found] = await db.query<{ hits: string }>(
      'SELECT count(*)::text AS hits FROM stored_file_chunks WHERE position($1::bytea in bytes) > 0',
      [marker.subarray(0, 16)],
    );
    expect(found?.hits).toBe('0');
    // ...and the same search can find what is there (so the one above could have failed).
    const [control] = await db.query<{ at: number }>('SELECT position($1::bytea in $2::bytea) AS at', [
      marker.subarray(0, 16),
      bytes,
    ]);
    expect(control?.at).toBe(1);
    // Byte by byte in Node too, over everything the tables hold.
    const all = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_file_chunks');
    expect(all).toHaveLength(3);
    for (const row of all) expect(Buffer.from(row.bytes).includes(marker.subarray(0, 16))).toBe(false);
    expect((await readStored(db, storageKey)).equals(bytes)).toBe(true);
  });

  it('refuses a tampered chunk with a clear error, having given out only the chunks before it', async () => {
    const bytes = randomBytes(3 * CHUNK_BYTES);
    const storageKey = newKey();
    await storeBytes(db, key, storageKey, bytes, 'image/png');
    await db.query(
      `UPDATE stored_file_chunks SET bytes = set_byte(bytes, 100, get_byte(bytes, 100) # 1)
        WHERE seq = 1 AND file_id = (SELECT id FROM stored_files WHERE key = $1)`,
      [storageKey],
    );
    const { bytes: out, error } = await drain(storageKey);
    expect(error).toBeInstanceOf(FileIntegrityError);
    expect((error as Error).message).toBe(
      `Stored file ${storageKey}: chunk 1 failed authentication (altered, moved, reordered or cut short, or sealed with another key).`,
    );
    expect(out.equals(bytes.subarray(0, CHUNK_BYTES))).toBe(true);
  });

  it('refuses swapped chunks, a chunk moved from another file, and a file cut short', async () => {
    const bytes = randomBytes(3 * CHUNK_BYTES);
    const [a, b, c, d] = [newKey(), newKey(), newKey(), newKey()];
    for (const k of [a, b, c, d]) await storeBytes(db, key, k, bytes, 'image/png');
    const fileId = async (k: string) =>
      (await db.query<{ id: string }>('SELECT id::text AS id FROM stored_files WHERE key = $1', [k]))[0]?.id;

    // a: chunks 0 and 1 change places.
    const aId = await fileId(a);
    for (const [from, to] of [
      [0, 100],
      [1, 0],
      [100, 1],
    ]) {
      await db.query('UPDATE stored_file_chunks SET seq = $3 WHERE file_id = $1 AND seq = $2', [
        aId,
        from,
        to,
      ]);
    }
    expect((await drain(a)).error).toEqual(
      expect.objectContaining({ message: expect.stringContaining('chunk 0 failed') }),
    );

    // b: its chunk 1 is replaced by c's chunk 1 (same key, same place, another file).
    await db.query(
      `UPDATE stored_file_chunks SET bytes = (SELECT bytes FROM stored_file_chunks WHERE file_id = $2 AND seq = 1)
        WHERE file_id = $1 AND seq = 1`,
      [await fileId(b), await fileId(c)],
    );
    expect((await drain(b)).error).toEqual(
      expect.objectContaining({ message: expect.stringContaining('chunk 1 failed') }),
    );

    // c: the last chunk is deleted and the count lowered to match: the new last one was sealed as "more follows".
    await db.query('DELETE FROM stored_file_chunks WHERE file_id = $1 AND seq = 2', [await fileId(c)]);
    await db.query('UPDATE stored_files SET chunk_count = 2, size_bytes = $2 WHERE key = $1', [
      c,
      2 * CHUNK_BYTES,
    ]);
    expect((await drain(c)).error).toEqual(
      expect.objectContaining({ message: expect.stringContaining('chunk 1 failed') }),
    );

    // d: the last chunk is deleted and nothing else: it is missing.
    await db.query('DELETE FROM stored_file_chunks WHERE file_id = $1 AND seq = 2', [await fileId(d)]);
    const cut = await drain(d);
    expect(cut.error).toBeInstanceOf(FileIntegrityError);
    expect((cut.error as Error).message).toBe(`Stored file ${d}: chunk 2 is missing.`);
  });

  it('names a wrong key before decrypting anything, and a forged key id still never yields bytes', async () => {
    const storageKey = newKey();
    await storeBytes(db, key, storageKey, randomBytes(1000), 'image/png');
    const other = fileKeyFromBytes(randomBytes(32));
    const wrong = await drain(storageKey, other);
    expect(wrong.error).toBeInstanceOf(FileKeyMismatchError);
    expect((wrong.error as Error).message).toBe(
      `Stored file ${storageKey} was sealed with file key ${key.id}, but this server's key ` +
        `(LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE) is ${other.id}: start it with the key the files were stored with.`,
    );
    // Someone relabels the file as sealed by the other key: decryption itself refuses.
    await db.query('UPDATE stored_files SET key_id = $2 WHERE key = $1', [storageKey, other.id]);
    const forged = await drain(storageKey, other);
    expect(forged.error).toBeInstanceOf(FileIntegrityError);
    expect(forged.bytes).toHaveLength(0);
  });

  it('reads lazily: one query for the file, then one per chunk asked for, never the whole file', async () => {
    const bytes = randomBytes(5 * MB);
    const storageKey = newKey();
    await storeBytes(db, key, storageKey, bytes, 'image/png');
    const queries: string[] = [];
    const counting: Queryable = {
      query: (sql, params) => {
        queries.push(sql);
        return db.query(sql, params);
      },
    };
    const chunkQueries = () => queries.filter((q) => q.includes('stored_file_chunks')).length;
    const opened = await openStoredFile(counting, key, storageKey);
    expect(queries).toHaveLength(1);
    expect(chunkQueries()).toBe(0);
    const first = await opened!.chunks.next();
    expect(first.value).toHaveLength(CHUNK_BYTES);
    expect(chunkQueries()).toBe(1);
    await opened!.chunks.next();
    await opened!.chunks.next();
    expect(chunkQueries()).toBe(3);
    // The rest is read only when asked for, one chunk a query: 20 in all.
    let rest = 0;
    for await (const chunk of opened!.chunks) rest += chunk.length;
    expect(rest).toBe(5 * MB - 3 * CHUNK_BYTES);
    expect(chunkQueries()).toBe(20);
  });

  it('writes as it receives: a chunk goes to the database once more than a chunk has arrived', async () => {
    const storageKey = newKey();
    const writer = await StoredFileWriter.begin(db, key, storageKey);
    await writer.write(randomBytes(CHUNK_BYTES));
    // A full chunk waits: only what follows says whether it is the last.
    expect(await chunkRows(storageKey)).toHaveLength(0);
    await writer.write(randomBytes(100));
    expect(await chunkRows(storageKey)).toHaveLength(1);
    await writer.write(randomBytes(2 * CHUNK_BYTES));
    expect(await chunkRows(storageKey)).toHaveLength(3);
    await writer.finish('image/png');
    expect(await chunkRows(storageKey)).toHaveLength(4);
    const [file] = await db.query<{ attached: boolean }>('SELECT attached FROM stored_files WHERE key = $1', [
      storageKey,
    ]);
    // Unattached until a row names it (a document or image insert).
    expect(file?.attached).toBe(false);
  });
});
