import { fileKeyFor, type Config } from './config';
import { createPgliteDb, createPostgresDb, type Db } from './db/database';
import { acquireDataDirLock } from './db/lock';
import { migrate, readMigrations } from './db/migrate';
import { automaticBackup } from './db/backup';
import { migrateAsOwner } from './db/roles';
import { checkFileKey } from './kernel/file-crypto';
import { seedDemo, type DemoSeed } from './demo/seed';
import {
  moveFilesIntoDatabase,
  removeMovedFiles,
  sweepUnattachedFiles,
  type FileMoveReport,
} from './kernel/file-move';

export interface LoupeDb extends Db {
  /** What was seeded at this start, or null (demo off, or the database already had a shop). */
  readonly seeded: DemoSeed | null;
  /** Files moved at this start from UPLOADS_DIR into the database, or null (no file key or folder given). */
  readonly files: FileMoveReport | null;
}

export interface OpenOptions {
  now?: () => Date;
}

/**
 * Opens the database the configuration names — PGlite in DATA_DIR unless DATABASE_URL is set — brings its
 * schema up to date and seeds the demo shop when enabled and the database has no shop yet.
 */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'demo'> &
    Partial<Pick<Config, 'uploadsDir' | 'fileKey' | 'backupDir' | 'databaseOwnerUrl'>>,
  options: OpenOptions = {},
): Promise<LoupeDb> {
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb(config.databaseUrl);
  } else {
    const release = await acquireDataDirLock(config.dataDir);
    try {
      db = createPgliteDb(config.dataDir, release);
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    // The embedded database keeps a copy of itself from before any migration: one that fails halfway or
    // misbehaves later can be undone with `npm run restore`. An empty database has nothing to keep.
    if (db.kind === 'pglite' && config.backupDir && (await hasPendingMigrations(db))) {
      await automaticBackup(db, config, config.backupDir, 'before-migration');
    }
    // With an owner role (DATABASE_OWNER_URL) the migrations run as it, and the application's role is granted
    // only what it needs: no ALTER/DROP/TRIGGER anywhere, no UPDATE/DELETE/TRUNCATE on audit_log (db/roles.ts).
    if (config.databaseUrl && config.databaseOwnerUrl) await migrateAsOwner(db, config.databaseOwnerUrl);
    else await migrate(db);
    // Files still in the folder of old are moved in before anything may ask for them.
    const fileKey = config.fileKey ? fileKeyFor(config.fileKey) : null;
    // A wrong key is refused here, before a file is moved in, sealed or served under it (issue 25).
    if (fileKey && config.fileKey) await checkFileKey(db, fileKey, config.fileKey);
    const files =
      fileKey && config.uploadsDir ? await moveFilesIntoDatabase(db, fileKey, config.uploadsDir) : null;
    if (fileKey && config.uploadsDir) {
      // A backup that holds the moved files before their folder copies go: the one taken before the
      // migrations has none of their bytes (kernel/file-move.ts).
      if (files && files.moved > 0 && db.kind === 'pglite' && config.backupDir) {
        await automaticBackup(db, config, config.backupDir, 'after-file-move');
      }
      await removeMovedFiles(db, config.uploadsDir);
    }
    if (fileKey) await sweepUnattachedFiles(db);
    const seeded = config.demo
      ? await seedDemo(db, (options.now ?? (() => new Date()))(), fileKey ? { fileKey } : {})
      : null;
    return Object.assign(db, { seeded, files });
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Whether a database that already holds a migrated schema has migrations left to apply. */
async function hasPendingMigrations(db: Db): Promise<boolean> {
  const [exists] = await db.query<{ ok: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS ok",
  );
  if (!exists?.ok) return false;
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  if (rows.length === 0) return false;
  const applied = new Set(rows.map((r) => Number(r.version)));
  return readMigrations().some((m) => !applied.has(m.version));
}
