import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, restoreBackup } from '../db/backup';
import { DataDirLockedError } from '../db/lock';
import { EXIT_OK, EXIT_REFUSED, EXIT_USAGE, runAsProcess, type Command } from './command';

const USAGE =
  'usage: npm run restore -- [--unencrypted] FILE.tar.gz.enc   (into an empty DATA_DIR, or an empty DATABASE_URL schema)';

/**
 * `restore FILE`: opens the archive with the backup key (a wrong key is refused before anything is written;
 * an unencrypted archive of an earlier release only with --unencrypted), puts the backup back into the configured database, which must be empty (it is refused
 * otherwise, nothing changed), then checks every table's rows and checksum against the manifest. Exit 0 with a
 * summary, 1 (refused: not empty, damaged archive, a table that does not match, database in use) or 2 (usage).
 */
export const restoreCommand: Command = async (argv, env, io) => {
  let file: string | undefined;
  let allowUnencrypted = false;
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: { unencrypted: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
    if (parsed.positionals.length !== 1) throw new Error('Name one backup file.');
    file = parsed.positionals[0];
    allowUnencrypted = parsed.values.unencrypted === true;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return EXIT_USAGE;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err((error as Error).message);
    return EXIT_USAGE;
  }
  const base = env.INIT_CWD && path.isAbsolute(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
  const archive = path.resolve(base, file as string);
  const started = Date.now();
  try {
    const result = await restoreBackup(config, archive, { allowUnencrypted });
    const m = result.manifest;
    io.out(
      `Restored ${archive} into ${config.databaseUrl ? `PostgreSQL schema ${m.schema}` : config.dataDir}: ` +
        `${result.tables} tables, ${result.rows} rows, schema version ${m.schemaVersion}, taken ${m.createdAt} ` +
        `by Loupe ${m.loupeVersion}; every table's rows and checksum match the manifest (${Date.now() - started} ms).`,
    );
    return EXIT_OK;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirLockedError) {
      io.err(error.message);
      return EXIT_REFUSED;
    }
    throw error;
  }
};

if (require.main === module) runAsProcess(restoreCommand);
