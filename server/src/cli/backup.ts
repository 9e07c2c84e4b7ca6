import path from 'node:path';
import { loadConfig } from '../config';
import { BACKUP_EXTENSION, BackupError, createBackup, openForBackup } from '../db/backup';
import { BACKUP_KEY, describeKeySource } from '../db/backup-key';
import { DataDirLockedError } from '../db/lock';
import { EXIT_OK, EXIT_REFUSED, EXIT_USAGE, parseOptions, runAsProcess, type Command } from './command';

const USAGE = 'usage: npm run backup [-- --output FILE.tar.gz.enc]';

export function describeSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * `backup`: one archive of the whole configured database (PGlite's data folder or a pg_dump of the
 * PostgreSQL schema) with manifest.json (versions, and per table its rows and checksum). Written to --output or,
 * by default, into BACKUP_DIR as loupe-backup-<time>.tar.gz.enc, sealed with the backup key
 * (LOUPE_BACKUP_KEY / LOUPE_BACKUP_KEY_FILE, db/backup-key.ts). Exit 0, 1 (refused: database in use, pg_dump
 * missing or failing) or 2 (bad usage or environment).
 */
export const backupCommand: Command = async (argv, env, io) => {
  const values = parseOptions(argv, { output: { type: 'string', short: 'o' } }, USAGE, io);
  if (!values) return EXIT_USAGE;
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err((error as Error).message);
    return EXIT_USAGE;
  }
  const base = env.INIT_CWD && path.isAbsolute(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
  const dir = config.backupDir ?? `${config.dataDir}-backups`;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = values.output
    ? path.resolve(base, values.output)
    : path.join(dir, `loupe-backup-${stamp}${BACKUP_EXTENSION}`);

  let db;
  try {
    db = await openForBackup(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // The folder is PGlite's alone while a server runs it; copying files under a live server is not a
      // backup. The server's own automatic copies are the way, or a stop for the length of the backup.
      io.err(
        `Refusing to back up: ${error.message}\nA running server backs the embedded database up itself, daily and ` +
          `before each migration, into ${config.backupDir ?? '(BACKUP_DIR is off)'}; copy the newest ` +
          'loupe-auto-* archive from there, or stop the server, run npm run backup, and start it again.',
      );
      return EXIT_REFUSED;
    }
    throw error;
  }
  const started = Date.now();
  try {
    const result = await createBackup(db, config, file);
    const tables = Object.values(result.manifest.tables);
    io.out(
      `Backup written: ${result.file} (${describeSize(result.bytes)}, ${tables.length} tables, ` +
        `${tables.reduce((sum, t) => sum + t.rows, 0)} rows, schema version ${result.manifest.schemaVersion}, ` +
        `${db.kind === 'pglite' ? 'embedded database' : `PostgreSQL schema ${result.manifest.schema}`}, ` +
        `${Date.now() - started} ms), encrypted with the backup key from ` +
        `${describeKeySource(config.backupKey, BACKUP_KEY)}: keep that key apart from the backups, or they cannot be restored`,
    );
    return EXIT_OK;
  } catch (error) {
    if (error instanceof BackupError) {
      io.err(`Could not back up: ${error.message}`);
      return EXIT_REFUSED;
    }
    throw error;
  } finally {
    await db.close();
  }
};

if (require.main === module) runAsProcess(backupCommand);
