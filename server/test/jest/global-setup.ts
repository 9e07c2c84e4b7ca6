import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDb } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';

/**
 * Once per jest run on the embedded database: a PGlite data folder with every migration applied, which
 * apiTestbed copies for each test file (test/helper.ts, createTestDatabase({ migrated: true })) instead of
 * creating and migrating a database of its own (~2–3 s a file). Files that test opening, migrating or
 * restoring a database still start from an empty folder.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-test-template-'));
  const db = createPgliteDb(dir);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  // Read by the test workers, which jest starts after this hook with its environment.
  process.env.LOUPE_TEST_MIGRATED_DIR = dir;
}
