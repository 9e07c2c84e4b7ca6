import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoupeDb } from '../../src/open-database';
import { CHUNK_BYTES, StoredFileWriter } from '../../src/kernel/file-storage';
import { confirmUpgrade } from '../../src/cli/upgrade-confirm';
import { moveFilesIntoDatabase, sweepUnattachedFiles } from '../../src/kernel/file-move';
import { createTestDatabase, resetTables, seedFixtures, type Fixtures, type TestDatabase } from '../helper';
import { readStored, storedKeys, testFileKey } from './file-store-helpers';

/** Files uploaded before issue 12 sit in UPLOADS_DIR/<kind>/<key>; a start moves them into the database. */
const key = testFileKey();
let tdb: TestDatabase;
let db: LoupeDb;
let fx: Fixtures;
let uploadsDir: string;

beforeAll(async () => {
  // Already migrated (on PGlite a copy of the run's template): the move runs at every start, migrations or not.
  tdb = await createTestDatabase({ migrated: true });
  db = await tdb.open();
});
afterAll(async () => {
  await db?.close();
  await tdb?.dispose();
});
beforeEach(async () => {
  await resetTables(db);
  fx = await seedFixtures(db);
  uploadsDir = path.join(tdb.dataDir, `uploads-${randomBytes(4).toString('hex')}`);
});

const at = new Date('2026-03-01T09:00:00Z');

/** A KYC document row and its file in the folder, as the old store left them. */
async function oldDocument(bytes: Buffer | null): Promise<string> {
  const storageKey = randomBytes(24).toString('hex');
  const [client] = await db.query<{ id: number }>(
    `INSERT INTO clients (shop_id, name, email, created_at, updated_at) VALUES ($1, 'Ada', 'ada@example.com', $2, $2)
     RETURNING id`,
    [fx.shopId, at],
  );
  await db.query(
    `INSERT INTO client_documents (shop_id, client_id, storage_key, original_name, content_type, size_bytes, sha256, created_at)
     VALUES ($1, $2, $3, 'passport.pdf', 'application/pdf', $4, $5, $6)`,
    [
      fx.shopId,
      client?.id,
      storageKey,
      bytes?.length ?? 10,
      createHash('sha256')
        .update(bytes ?? '')
        .digest('hex'),
      at,
    ],
  );
  if (bytes) {
    mkdirSync(path.join(uploadsDir, 'kyc'), { recursive: true });
    writeFileSync(path.join(uploadsDir, 'kyc', storageKey), bytes, { mode: 0o600 });
  }
  return storageKey;
}

async function oldImage(bytes: Buffer): Promise<string> {
  const storageKey = randomBytes(24).toString('hex');
  const [item] = await db.query<{ id: number }>(
    `INSERT INTO items (shop_id, serial, stock_type, purchased_on, created_at, updated_at)
     VALUES ($1, $2, 'Watches', '2026-02-01', $3, $3) RETURNING id`,
    [fx.shopId, `S-${storageKey.slice(0, 6)}`, at],
  );
  await db.query(
    `INSERT INTO item_images (shop_id, item_id, storage_key, original_name, content_type, size_bytes, created_at)
     VALUES ($1, $2, $3, 'dial.png', 'image/png', $4, $5)`,
    [fx.shopId, item?.id, storageKey, bytes.length, at],
  );
  mkdirSync(path.join(uploadsDir, 'items'), { recursive: true });
  writeFileSync(path.join(uploadsDir, 'items', storageKey), bytes, { mode: 0o600 });
  return storageKey;
}

describe('moving files from the uploads folder into the database', () => {
  it('moves every file in, byte for byte, attached to its shop, removes it from the folder, and reports missing ones', async () => {
    const pdf = randomBytes(3 * CHUNK_BYTES + 5);
    const png = randomBytes(2000);
    const doc = await oldDocument(pdf);
    const image = await oldImage(png);
    const lost = await oldDocument(null);

    const report = await moveFilesIntoDatabase(db, key, uploadsDir);
    expect(report).toEqual({ moved: 2, missing: [`kyc/${lost}`] });
    expect((await readStored(db, doc)).equals(pdf)).toBe(true);
    expect((await readStored(db, image)).equals(png)).toBe(true);
    const files = await db.query<{
      key: string;
      attached: boolean;
      shopId: number;
      type: string;
      sha256: string;
    }>(
      `SELECT key, attached, shop_id AS "shopId", content_type AS type, sha256 FROM stored_files ORDER BY key`,
    );
    expect(files).toEqual(
      [
        {
          key: doc,
          attached: true,
          shopId: fx.shopId,
          type: 'application/pdf',
          sha256: createHash('sha256').update(pdf).digest('hex'),
        },
        {
          key: image,
          attached: true,
          shopId: fx.shopId,
          type: 'image/png',
          sha256: createHash('sha256').update(png).digest('hex'),
        },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    // The folder's copies stay until the upgrade is confirmed (cli/upgrade-confirm.ts), then go.
    expect(readdirSync(path.join(uploadsDir, 'kyc')).sort()).toEqual([doc].sort());
    expect(readdirSync(path.join(uploadsDir, 'items'))).toEqual([image]);
    expect((await confirmUpgrade(db, key, uploadsDir)).removed).toHaveLength(2);
    expect(readdirSync(path.join(uploadsDir, 'kyc'))).toEqual([]);
    expect(readdirSync(path.join(uploadsDir, 'items'))).toEqual([]);
    expect((await confirmUpgrade(db, key, uploadsDir)).removed).toHaveLength(0);

    // Idempotent: a second start moves nothing and still names the missing file.
    expect(await moveFilesIntoDatabase(db, key, uploadsDir)).toEqual({ moved: 0, missing: [`kyc/${lost}`] });
    expect(await storedKeys(db)).toHaveLength(2);
  });

  it('takes up a move interrupted halfway: the partial copy is replaced, and the file left in the folder is used', async () => {
    const pdf = randomBytes(2 * CHUNK_BYTES + 1);
    const doc = await oldDocument(pdf);
    // A start that died after writing one chunk: an unattached partial copy, the folder's file untouched.
    const partial = await StoredFileWriter.begin(db, key, doc);
    await partial.write(pdf.subarray(0, CHUNK_BYTES + 1));
    expect(await storedKeys(db)).toEqual([doc]);

    expect(await moveFilesIntoDatabase(db, key, uploadsDir)).toEqual({ moved: 1, missing: [] });
    expect((await readStored(db, doc)).equals(pdf)).toBe(true);
    await confirmUpgrade(db, key, uploadsDir);
    expect(existsSync(path.join(uploadsDir, 'kyc', doc))).toBe(false);
  });

  it('is nothing to do without an uploads folder', async () => {
    expect(await moveFilesIntoDatabase(db, key, path.join(uploadsDir, 'never-made'))).toEqual({
      moved: 0,
      missing: [],
    });
  });

  it('runs at start, after the SQL migrations, and reports what it did', async () => {
    const pdf = randomBytes(1000);
    const doc = await oldDocument(pdf);
    const lost = await oldDocument(null);
    await db.close();
    const backupDir = path.join(uploadsDir, '..', 'file-move-backups');
    db = await tdb.open({ uploadsDir, backupDir });
    expect(db.files).toEqual({ moved: 1, missing: [`kyc/${lost}`] });
    expect((await readStored(db, doc)).equals(pdf)).toBe(true);
    // The folder's copy stays until the upgrade is confirmed (issue 25 item 6, db/upgrade.ts): the previous
    // release, restored from the pre-migration backup, reads it there. On the embedded database a backup holds it too.
    expect(existsSync(path.join(uploadsDir, 'kyc', doc))).toBe(true);
    expect(db.upgrade.kept).toEqual({ count: 1, bytes: pdf.length, dir: uploadsDir });
    const backups = existsSync(backupDir) ? readdirSync(backupDir) : [];
    expect(backups.filter((name) => name.endsWith('-after-file-move.tar.gz.enc'))).toHaveLength(
      db.kind === 'pglite' ? 1 : 0,
    );
  });

  it('sweeps files a crash left unattached once they are a day old, never one still arriving or attached', async () => {
    const attached = await oldDocument(randomBytes(100));
    await moveFilesIntoDatabase(db, key, uploadsDir);
    const stale = randomBytes(24).toString('hex');
    const arriving = randomBytes(24).toString('hex');
    for (const k of [stale, arriving])
      await (await StoredFileWriter.begin(db, key, k)).write(randomBytes(10));
    await db.query(`UPDATE stored_files SET created_at = now() - interval '25 hours' WHERE key IN ($1, $2)`, [
      stale,
      attached,
    ]);
    expect(await sweepUnattachedFiles(db)).toBe(1);
    expect((await storedKeys(db)).sort()).toEqual([attached, arriving].sort());
  });
});
