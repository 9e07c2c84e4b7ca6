import { existsSync } from 'node:fs';
import { fileKeyFor, type Config, type FileKeySource } from './config';
import { createPgliteDb, createPostgresDb, type Db } from './db/database';
import { acquireDataDirLock } from './db/lock';
import { migrate } from './db/migrate';
import { automaticBackup } from './db/backup';
import { migrateAsOwner } from './db/roles';
import { checkFileKey } from './kernel/file-crypto';
import { seedDemo, type DemoSeed } from './demo/seed';
import { moveFilesIntoDatabase, sweepUnattachedFiles, type FileMoveReport } from './kernel/file-move';
import {
  appliedVersions,
  keptFiles,
  movedSince,
  pendingMigrations,
  unmovedKeys,
  type UpgradeReport,
} from './db/upgrade';

export interface LoupeDb extends Db {
  /** What was seeded at this start, or null (demo off, or the database already had a shop). */
  readonly seeded: DemoSeed | null;
  /** Files moved at this start from UPLOADS_DIR into the database, or null (no file key or folder given). */
  readonly files: FileMoveReport | null;
  /** What this start migrated, backed up, moved and kept for going back (db/upgrade.ts); logged by server.ts. */
  readonly upgrade: UpgradeReport;
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
    // Before anything is written: no key is made over files sealed with another (issue 25, item 6).
    if (config.fileKey) await refuseNewKeyOverStoredFiles(db, config.fileKey);
    // The embedded database keeps a copy of itself from before any migration: one that fails halfway or
    // misbehaves later can be undone with `npm run restore`. An empty database has nothing to keep.
    const migrations = await pendingMigrations(db);
    const upgraded = (await appliedVersions(db)).size > 0;
    let backup: UpgradeReport['backup'] = null;
    if (upgraded && migrations.length > 0) {
      if (db.kind === 'postgres') backup = { none: 'postgres' };
      else if (!config.backupDir) backup = { none: 'backup-dir-off' };
      else backup = { file: (await automaticBackup(db, config, config.backupDir, 'before-migration')).file };
    }
    // With an owner role (DATABASE_OWNER_URL) the migrations run as it, and the application's role is granted
    // only what it needs: no ALTER/DROP/TRIGGER anywhere, no UPDATE/DELETE/TRUNCATE on audit_log (db/roles.ts).
    if (config.databaseUrl && config.databaseOwnerUrl) await migrateAsOwner(db, config.databaseOwnerUrl);
    else await migrate(db);
    // Files still in the folder of old are moved in before anything may ask for them.
    const fileKey = config.fileKey ? fileKeyFor(config.fileKey) : null;
    // A wrong key is refused here, before a file is moved in, sealed or served under it (issue 25).
    if (fileKey && config.fileKey) await checkFileKey(db, fileKey, config.fileKey);
    const unmoved = fileKey && config.uploadsDir ? await unmovedKeys(db) : new Set<string>();
    const files =
      fileKey && config.uploadsDir ? await moveFilesIntoDatabase(db, fileKey, config.uploadsDir) : null;
    let moved: UpgradeReport['moved'] = null;
    let kept: UpgradeReport['kept'] = null;
    if (fileKey && config.uploadsDir) {
      // A backup that holds the moved files too: the one taken before the migrations has none of their bytes.
      if (files && files.moved > 0 && db.kind === 'pglite' && config.backupDir) {
        await automaticBackup(db, config, config.backupDir, 'after-file-move');
      }
      moved = { ...(await movedSince(db, unmoved)), from: config.uploadsDir };
      // The folder's copies stay: the previous release reads them there, so going back to it from the
      // pre-migration backup still serves every file. `npm run upgrade:confirm` removes them (issue 25 item 6).
      const inFolder = await keptFiles(db, config.uploadsDir);
      kept = {
        count: inFolder.length,
        bytes: inFolder.reduce((sum, f) => sum + f.bytes, 0),
        dir: config.uploadsDir,
      };
    }
    if (fileKey) await sweepUnattachedFiles(db);
    const seeded = config.demo
      ? await seedDemo(db, (options.now ?? (() => new Date()))(), fileKey ? { fileKey } : {})
      : null;
    const upgrade: UpgradeReport = { migrations, upgraded, backup, moved, kept };
    return Object.assign(db, { seeded, files, upgrade });
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** A start that would generate a file key over files sealed with another one (issue 25, item 6). */
export class NewKeyOverStoredFilesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewKeyOverStoredFilesError';
  }
}

/**
 * Development makes a file key on first start (config.ts). Over a database that already holds files that key
 * would be new, open none of them, and be left beside the data folder for a later start to trust: refused
 * before it is written, naming the key the files were sealed with (by fingerprint) and where to give it.
 */
async function refuseNewKeyOverStoredFiles(db: Db, source: FileKeySource): Promise<void> {
  if (source.from !== 'generated' || existsSync(source.path)) return;
  const [table] = await db.query<{ ok: boolean }>("SELECT to_regclass('stored_files') IS NOT NULL AS ok");
  if (!table?.ok) return;
  const [stored] = await db.query<{ count: string; keyId: string | null }>(
    `SELECT count(*)::text AS count,
            (SELECT key_id FROM stored_files WHERE attached ORDER BY id DESC LIMIT 1) AS "keyId"
       FROM stored_files WHERE attached`,
  );
  if (!stored || Number(stored.count) === 0) return;
  throw new NewKeyOverStoredFilesError(
    `Refusing to start: this database holds ${stored.count} stored file(s) sealed with the key whose fingerprint ` +
      `is ${stored.keyId}, and no key is set (neither LOUPE_FILE_KEY nor LOUPE_FILE_KEY_FILE, and no ` +
      `development key file at ${source.path}). Set LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE to the key of the ` +
      'earlier starts (in development, the .file-key file that was beside the data folder this database came ' +
      'from). No new key was made: one would open none of these files. Nothing was changed.',
  );
}
