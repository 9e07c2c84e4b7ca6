import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileKeyFor, loadConfig } from '../../src/config';
import { WrongFileKeyError } from '../../src/kernel/file-crypto';
import { storeBytes } from '../../src/kernel/file-storage';
import { createTestDatabase, seedFixtures, TEST_FILE_KEY, type TestDatabase } from '../helper';

// Issue 25, item 5: a server started with the wrong file key used to start quietly (only downloads failed
// later); it is now refused at start, naming the key's setting and never printing the key.

jest.setTimeout(300_000);

let tdb: TestDatabase;
let keys: string;
const WRONG_KEY = Buffer.alloc(32, 9).toString('base64');

beforeAll(async () => {
  // Already migrated (on PGlite a copy of the run's template): the subject is the key check at start.
  tdb = await createTestDatabase({ migrated: true });
  keys = mkdtempSync(path.join(os.tmpdir(), 'loupe-keys-'));
  // One KYC paper sealed with the test key and attached to its client, as the upload does: the check reads
  // only the newest stored file (seeding the whole demo shop for it took most of this file's time).
  const db = await tdb.open();
  try {
    const fx = await seedFixtures(db);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);
    const storageKey = randomBytes(24).toString('hex');
    await db.transaction(async (tx) => {
      const [client] = await tx.query<{ id: number }>(
        `INSERT INTO clients (shop_id, name, email, created_at, updated_at)
         VALUES ($1, 'Ada', 'ada@example.com', now(), now()) RETURNING id`,
        [fx.shopId],
      );
      const fileKey = fileKeyFor(loadConfig(tdb.env).fileKey);
      const stored = await storeBytes(tx, fileKey, storageKey, bytes, 'application/pdf');
      await tx.query(
        `INSERT INTO client_documents (shop_id, client_id, storage_key, original_name, content_type, size_bytes, sha256, created_at)
         VALUES ($1, $2, $3, 'passport.pdf', 'application/pdf', $4, $5, now())`,
        [fx.shopId, client?.id, storageKey, stored.size, stored.sha256],
      );
    });
    const [files] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stored_files WHERE attached AND chunk_count > 0',
    );
    expect(files?.n).toBe(1);
  } finally {
    await db.close();
  }
});
afterAll(async () => {
  await tdb.dispose();
  rmSync(keys, { recursive: true, force: true });
});

async function openWith(env: Record<string, string | undefined>) {
  const config = loadConfig({ ...tdb.env, ...env });
  return tdb.open({ fileKey: config.fileKey, demo: false });
}

it('refuses a wrong LOUPE_FILE_KEY at start, naming the setting but not the key', async () => {
  const error = (await openWith({ LOUPE_FILE_KEY: WRONG_KEY }).then(
    (db) => db.close().then(() => null),
    (e: unknown) => e,
  )) as Error;
  expect(error).toBeInstanceOf(WrongFileKeyError);
  expect(error.message).toContain('Refusing to start: the file key from LOUPE_FILE_KEY');
  expect(error.message).toContain('Do not make a new key');
  expect(error.message).not.toContain(WRONG_KEY);
  expect(error.message).not.toContain(TEST_FILE_KEY);
});

it('refuses a wrong LOUPE_FILE_KEY_FILE, naming the file', async () => {
  const file = path.join(keys, 'wrong.key');
  writeFileSync(file, `${WRONG_KEY}\n`);
  await expect(openWith({ LOUPE_FILE_KEY: undefined, LOUPE_FILE_KEY_FILE: file })).rejects.toThrow(
    `the file key from LOUPE_FILE_KEY_FILE (${file})`,
  );
});

it('starts with the key the files were stored with', async () => {
  const db = await openWith({});
  await db.close();
});

// Last: it leaves the newest file's key_id forged (setting it back took one more open of the database).
it('refuses a key whose fingerprint matches but which does not decrypt (a forged key_id)', async () => {
  // The fingerprint is a hash prefix stored beside the file; the decryption of a chunk is the proof.
  const db = await tdb.open();
  const wrong = loadConfig({ ...tdb.env, LOUPE_FILE_KEY: WRONG_KEY }).fileKey;
  const wrongId = fileKeyFor(wrong).id;
  const [newest] = await db.query<{ id: string; key_id: string }>(
    'SELECT id::text, key_id FROM stored_files WHERE attached AND chunk_count > 0 ORDER BY id DESC LIMIT 1',
  );
  await db.query('UPDATE stored_files SET key_id = $1 WHERE id = $2', [wrongId, newest?.id]);
  await db.close();
  await expect(openWith({ LOUPE_FILE_KEY: WRONG_KEY })).rejects.toThrow(WrongFileKeyError);
});
