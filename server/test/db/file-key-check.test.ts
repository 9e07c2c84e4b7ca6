import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { WrongFileKeyError } from '../../src/kernel/file-crypto';
import { createTestDatabase, TEST_FILE_KEY, type TestDatabase } from '../helper';

// Issue 25, item 5: a server started with the wrong file key used to start quietly (only downloads failed
// later); it is now refused at start, naming the key's setting and never printing the key.

jest.setTimeout(300_000);

let tdb: TestDatabase;
let keys: string;
const WRONG_KEY = Buffer.alloc(32, 9).toString('base64');

beforeAll(async () => {
  tdb = await createTestDatabase();
  keys = mkdtempSync(path.join(os.tmpdir(), 'loupe-keys-'));
  // The demo shop stores its KYC papers and item images, sealed with the test key.
  const db = await tdb.open({ demo: true });
  const [files] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
  expect(files?.n).toBeGreaterThan(0);
  await db.close();
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

it('refuses a key whose fingerprint matches but which does not decrypt (a forged key_id)', async () => {
  // The fingerprint is a hash prefix stored beside the file; the decryption of a chunk is the proof.
  const db = await tdb.open();
  const wrong = loadConfig({ ...tdb.env, LOUPE_FILE_KEY: WRONG_KEY }).fileKey;
  const { fileKeyFor } = await import('../../src/config');
  const wrongId = fileKeyFor(wrong).id;
  const [newest] = await db.query<{ id: string; key_id: string }>(
    'SELECT id::text, key_id FROM stored_files WHERE attached AND chunk_count > 0 ORDER BY id DESC LIMIT 1',
  );
  await db.query('UPDATE stored_files SET key_id = $1 WHERE id = $2', [wrongId, newest?.id]);
  await db.close();
  try {
    await expect(openWith({ LOUPE_FILE_KEY: WRONG_KEY })).rejects.toThrow(WrongFileKeyError);
  } finally {
    const again = await tdb.open({ fileKey: undefined });
    await again.query('UPDATE stored_files SET key_id = $1 WHERE id = $2', [newest?.key_id, newest?.id]);
    await again.close();
  }
});

it('starts with the key the files were stored with', async () => {
  const db = await openWith({});
  await db.close();
});
