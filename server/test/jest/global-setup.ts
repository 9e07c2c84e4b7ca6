import { existsSync, mkdtempSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDb } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';

/** Free space a run's scratch folders need at most: two files' databases and uploads, the template, backups. */
const SCRATCH_NEEDED = 2 * 1024 ** 3;

/**
 * The run's temporary folders (each file's database folder, uploads, backups) go to memory when the machine has
 * room there (/dev/shm, a tmpfs): on a disk mounted with `discard`, deleting a file's ~40 MB database folder
 * took 3–5 s once written back, and copying the template ~1 s; on tmpfs ~0.03 s and ~0.15 s. Only where the
 * scratch files live changes. An explicit TMPDIR is kept as it is.
 */
function scratchInMemory(): void {
  if (process.env.TMPDIR || process.platform !== 'linux' || !existsSync('/dev/shm')) return;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize < SCRATCH_NEEDED) return;
    const dir = mkdtempSync(path.join('/dev/shm', 'loupe-jest-'));
    // Read by the test workers (os.tmpdir()), which jest starts after this hook with its environment; the
    // teardown removes the folder, with whatever a crashed file left behind.
    process.env.TMPDIR = dir;
    process.env.LOUPE_TEST_SCRATCH_DIR = dir;
  } catch {
    // Not writable, or no statfs: the usual temporary folder.
  }
}

/**
 * Once per jest run on the embedded database: a PGlite data folder with every migration applied, which
 * apiTestbed copies for each test file (test/helper.ts, createTestDatabase({ migrated: true })) instead of
 * creating and migrating a database of its own (~2–3 s a file). Files that test opening, migrating or
 * restoring a database still start from an empty folder.
 */
export default async function globalSetup(): Promise<void> {
  scratchInMemory();
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
