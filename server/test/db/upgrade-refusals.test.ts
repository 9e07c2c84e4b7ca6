import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes, createHash } from 'node:crypto';
import path from 'node:path';
import { loadConfig, openDatabase } from '../../src/app';
import { NewKeyOverStoredFilesError } from '../../src/open-database';
import { createTestDatabase, seedFixtures, TEST_FILE_KEY, type TestDatabase } from '../helper';

/**
 * Issue 25, item 6: following a refusal's advice must not lose access to files. The advice of the production
 * demo-password refusal ("start once without NODE_ENV=production") once started with a newly generated key,
 * and every download answered 500. Now a start that would generate a file key over a database that holds
 * files is refused before anything is written, and the key file is not made; with the keys kept, as the
 * advice now says, the start opens every file.
 */
jest.setTimeout(300_000);

let tdb: TestDatabase;
let uploadsDir: string;
beforeAll(async () => {
  // Already migrated (on PGlite a copy of the run's template): the subject is the file key, not migrating.
  tdb = await createTestDatabase({ migrated: true });
  uploadsDir = path.join(tdb.dataDir, 'uploads');
});
afterAll(async () => tdb?.dispose());

const devKeyFile = () => `${tdb.dataDir}.file-key`;

describe('a start without the file key, over stored files', () => {
  it('is refused, names the key the files need by fingerprint, and makes no new key', async () => {
    // A shop with one KYC paper in the database, sealed with the configured key.
    const db = await tdb.open();
    let fingerprint: string;
    try {
      const fx = await seedFixtures(db);
      const [client] = await db.query<{ id: number }>(
        `INSERT INTO clients (shop_id, name, email, created_at, updated_at) VALUES ($1, 'Ada', 'ada@example.com', now(), now())
         RETURNING id`,
        [fx.shopId],
      );
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);
      const key = randomBytes(24).toString('hex');
      await db.query(
        `INSERT INTO client_documents (shop_id, client_id, storage_key, original_name, content_type, size_bytes, sha256, created_at)
         VALUES ($1, $2, $3, 'passport.pdf', 'application/pdf', $4, $5, now())`,
        [fx.shopId, client?.id, key, bytes.length, createHash('sha256').update(bytes).digest('hex')],
      );
      mkdirSync(path.join(uploadsDir, 'kyc'), { recursive: true });
      writeFileSync(path.join(uploadsDir, 'kyc', key), bytes);
    } finally {
      await db.close();
    }
    // No automatic backup of the moved file (test/kernel/file-move.test.ts has that one): the refusal below
    // does not depend on it.
    const moved = await tdb.open({ backupDir: null });
    try {
      expect(moved.upgrade.moved?.count).toBe(1);
      const [row] = await moved.query<{ keyId: string }>('SELECT key_id AS "keyId" FROM stored_files');
      fingerprint = row?.keyId as string;
    } finally {
      await moved.close();
    }

    // The old advice followed: started without NODE_ENV=production, and without the key setting either.
    const { LOUPE_FILE_KEY: _kept, ...withoutKey } = tdb.env;
    const error = await openDatabase(loadConfig(withoutKey)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NewKeyOverStoredFilesError);
    expect((error as Error).message).toBe(
      `Refusing to start: this database holds 1 stored file(s) sealed with the key whose fingerprint is ${fingerprint}, ` +
        'and no key is set (neither LOUPE_FILE_KEY nor LOUPE_FILE_KEY_FILE, and no development key file at ' +
        `${devKeyFile()}). Set LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE to the key of the earlier starts (in ` +
        'development, the .file-key file that was beside the data folder this database came from). No new key ' +
        'was made: one would open none of these files. Nothing was changed.',
    );
    expect(existsSync(devKeyFile())).toBe(false);

    // The advice as it now reads: the same key kept, without NODE_ENV=production — the start opens.
    const again = await openDatabase(loadConfig({ ...tdb.env, LOUPE_FILE_KEY: TEST_FILE_KEY }));
    await again.close();
  });
});
