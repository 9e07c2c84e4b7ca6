import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import * as tar from 'tar';
import type { Config } from '../config';
import { createPgliteDb, createPostgresDb, type Db, type Transaction } from './database';
import { LOCK_FILE, LOCK_SOCKET, acquireDataDirLock } from './lock';
import { chainHeads, writeCheckpoint, type ChainHead, type Checkpoint } from './audit-checkpoints';
import {
  BACKUP_KEY,
  BackupKeyError,
  archiveKind,
  decryptArchive,
  describeKeySource,
  encryptArchive,
  keyFor,
} from './backup-key';

/** Bumped when the archive's layout changes; restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifest.json';
/** The archive member holding the database: PGlite's data folder (tar) or pg_dump's custom format. */
export const PGLITE_MEMBER = 'pglite-data-dir.tar';
export const POSTGRES_MEMBER = 'postgres.dump';

export interface TableSummary {
  rows: number;
  /** sha256 over the sha256 of each row's text, rows in primary-key order, read in UTC (see tableChecksums). */
  sha256: string;
}

export interface Manifest {
  format: number;
  loupeVersion: string;
  database: 'pglite' | 'postgres';
  /** PostgreSQL: the schema that was dumped (and is restored). */
  schema: string | null;
  schemaVersion: number;
  migrations: number[];
  createdAt: string;
  tables: Record<string, TableSummary>;
  sequences: Record<string, string | null>;
  /** The archive's other members: size and sha256 of each. */
  members: Record<string, { bytes: number; sha256: string }>;
  /**
   * The signed audit checkpoint written at this backup (db/audit-checkpoints.ts): each chain's head in
   * the copied snapshot, also appended to AUDIT_CHECKPOINT_LOG. Null when none could be written; then
   * auditCheckpointProblem says why (a chain no longer reaching the last checkpoint, no key configured).
   */
  auditCheckpoint?: Checkpoint | null;
  auditCheckpointProblem?: string;
}

/** A refusal the operator can act on (non-empty target, damaged archive, pg_dump missing): exit code 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** backupKey: the key archives are sealed with (db/backup-key.ts); a backup without one is refused. */
type Config4Backup = Pick<Config, 'dataDir' | 'databaseUrl'> &
  Partial<Pick<Config, 'backupKey' | 'auditKey' | 'auditCheckpointLog'>>;

/** The backup key's bytes and how the operator names its setting; a BackupError when none is configured. */
function backupKeyOf(config: Config4Backup): { key: Buffer; name: string } {
  if (!config.backupKey) {
    throw new BackupError(`No backup key: set ${BACKUP_KEY.env} or ${BACKUP_KEY.fileEnv}.`);
  }
  try {
    return { key: keyFor(config.backupKey), name: describeKeySource(config.backupKey, BACKUP_KEY) };
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
}

function loupeVersion(): string {
  // src/db and dist/db both sit two levels below the package folder.
  const file = path.resolve(__dirname, '..', '..', 'package.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Row counts and checksums of every table of the current schema. Each row is hashed as PostgreSQL prints it,
 * with the session settings that change how values print pinned (time zone, date and interval styles, float
 * digits, bytea), so the same rows give the same sums on any server; rows are taken in primary-key order and
 * the per-row hashes summed, so no whole table is ever held as one string.
 */
export async function tableChecksums(
  db: Pick<Db, 'transaction'>,
  /** Run first in the same snapshot (the copy itself), so the sums describe exactly what was copied. */
  within?: (tx: Transaction) => Promise<void>,
): Promise<{ tables: Record<string, TableSummary>; sequences: Record<string, string | null> }> {
  return db.transaction(async (tx) => {
    // One snapshot for the copy and every sum (PostgreSQL: pg_dump joins it with --snapshot).
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    // Sequences are outside transactions (nextval is never rolled back or hidden by a snapshot): read before
    // the copy, so the copy's value is this one or later, and a restore checks it is not behind.
    const sequences: Record<string, string | null> = {};
    const seqs = await tx.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`,
    );
    for (const seq of seqs) {
      const [value] = await tx.query<{ last_value: string | number; is_called: boolean }>(
        `SELECT last_value, is_called FROM ${quote(seq.name)}`,
      );
      sequences[seq.name] = value?.is_called ? String(value.last_value) : null;
    }
    if (within) await within(tx);
    for (const setting of [
      "SET LOCAL TimeZone = 'UTC'",
      "SET LOCAL DateStyle = 'ISO, MDY'",
      "SET LOCAL IntervalStyle = 'postgres'",
      'SET LOCAL extra_float_digits = 3',
      "SET LOCAL bytea_output = 'hex'",
    ]) {
      await tx.query(setting);
    }
    const tables = await tx.query<{ name: string; oid: number }>(
      `SELECT c.relname AS name, c.oid::int AS oid FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
    );
    const result: Record<string, TableSummary> = {};
    for (const table of tables) {
      const keys = await tx.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_index i
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
          WHERE i.indrelid = $1::oid AND i.indisprimary
          ORDER BY array_position(i.indkey::int2[], a.attnum)`,
        [table.oid],
      );
      const order = keys.length > 0 ? keys.map((k) => `t.${quote(k.name)}`).join(', ') : 't::text';
      const [row] = await tx.query<{ rows: number; sha256: string }>(
        `SELECT count(*)::int AS rows,
                encode(sha256(convert_to(coalesce(string_agg(
                  encode(sha256(convert_to(t::text, 'UTF8')), 'hex'), '' ORDER BY ${order}), ''), 'UTF8')), 'hex') AS sha256
           FROM ${quote(table.name)} t`,
      );
      result[table.name] = { rows: Number(row?.rows ?? 0), sha256: String(row?.sha256) };
    }
    return { tables: result, sequences };
  });
}

async function sha256File(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

function run(command: string, args: string[], what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      reject(error);
      return;
    }
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found: ${what} with PostgreSQL needs the PostgreSQL client tools ` +
                `(Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), at the server's ` +
                'major version or newer, on the PATH (or name the folder holding them in PG_BIN).',
            )
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new BackupError(`${command} failed (exit ${code}): ${err.trim()}`));
    });
  });
}

const pgTool = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

async function postgresSchema(db: Db): Promise<string> {
  const [row] = await db.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  if (!row?.schema)
    throw new BackupError('The database has no current schema to back up (check search_path).');
  return row.schema;
}

async function schemaState(db: Db) {
  const [exists] = await db.query<{ ok: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS ok",
  );
  if (!exists?.ok) return { migrations: [] as number[], schemaVersion: 0 };
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  const migrations = rows.map((r) => Number(r.version));
  return { migrations, schemaVersion: migrations.at(-1) ?? 0 };
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/**
 * Writes one archive (`file`, a gzipped tar) holding the whole database and manifest.json. PGlite: the open
 * instance's own copy of its data folder. PostgreSQL: `pg_dump --format=custom` of the schema the connection
 * uses. Either way the copy and the manifest's checksums come from one snapshot, so a backup taken while the
 * server takes writes still verifies when restored.
 */
export async function createBackup(db: Db, config: Config4Backup, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  // Before any work: a backup that could not be sealed is not taken at all (never written in clear).
  const { key } = backupKeyOf(config);
  await mkdir(path.dirname(target), { recursive: true });
  const work = await mkdtemp(path.join(os.tmpdir(), 'loupe-backup-'));
  try {
    const state = await schemaState(db);
    let member: string;
    let schema: string | null = null;
    let sums;
    // The audit chains' heads in the copied snapshot: signed into the checkpoint log and the manifest.
    let heads: ChainHead[] | null = null;
    if (db.kind === 'pglite') {
      const dump = db.dumpDataDir?.bind(db);
      if (!dump) throw new BackupError('This embedded database cannot be copied.');
      member = PGLITE_MEMBER;
      // A checkpoint first, so the copy needs little WAL replay when it is loaded (not allowed in a transaction).
      await db.exec('CHECKPOINT');
      // The copy is taken inside the checksums' transaction: PGlite runs no other query or transaction until
      // it ends, so the sums describe exactly the copied database even while the server is taking writes.
      sums = await tableChecksums(db, async (tx) => {
        await writeFile(path.join(work, member), await dump());
        heads = await auditHeads(tx);
      });
    } else {
      if (!config.databaseUrl) throw new BackupError('No DATABASE_URL to back up.');
      member = POSTGRES_MEMBER;
      schema = await postgresSchema(db);
      const url = libpqUrl(config.databaseUrl);
      const file = path.join(work, member);
      // pg_dump joins this transaction's snapshot: dump and sums see the same database, whatever commits meanwhile.
      sums = await tableChecksums(db, async (tx) => {
        const [snapshot] = await tx.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
        await run(
          pgTool('pg_dump'),
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshot?.id}`,
            '--schema',
            schema as string,
            '--file',
            file,
            url,
          ],
          'a backup',
        );
        heads = await auditHeads(tx);
      });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      loupeVersion: loupeVersion(),
      database: db.kind,
      schema,
      schemaVersion: state.schemaVersion,
      migrations: state.migrations,
      createdAt: new Date().toISOString(),
      tables: sums.tables,
      sequences: sums.sequences,
      members: { [member]: await sha256File(path.join(work, member)) },
      ...(await backupCheckpoint(db, config, heads)),
    };
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside the target and renamed: a crash mid-write never leaves a half archive under its name.
    const partial = `${target}.partial`;
    // gzip: PGlite's folder is mostly empty pages and catalogs (a demo shop's 43 MB packs into a few MB).
    const plain = path.join(work, 'archive.tar.gz');
    await tar.create({ file: plain, cwd: work, portable: true, gzip: { level: 6 } }, [MANIFEST, member]);
    // Sealed with the backup key (db/backup-key.ts): client names, e-mails and addresses are never in clear
    // in an archive (UK GDPR art. 32). The plain tar lives only in this private temporary folder.
    await encryptArchive(plain, partial, key);
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The heads of the audit chains, or null in a database without the audit log (an empty one). */
async function auditHeads(tx: Transaction): Promise<ChainHead[] | null> {
  const [exists] = await tx.query<{ ok: boolean }>("SELECT to_regclass('audit_log') IS NOT NULL AS ok");
  return exists?.ok ? chainHeads(tx) : null;
}

/**
 * Every backup writes a signed checkpoint of the heads it copied (issue 25, item 4). The backup is taken
 * either way — refusing it would lose data — but the manifest says when no checkpoint could be written.
 */
async function backupCheckpoint(
  db: Db,
  config: Config4Backup,
  heads: ChainHead[] | null,
): Promise<Pick<Manifest, 'auditCheckpoint' | 'auditCheckpointProblem'>> {
  if (heads === null)
    return { auditCheckpoint: null, auditCheckpointProblem: 'no audit log in this database' };
  if (!config.auditKey || !config.auditCheckpointLog) {
    return { auditCheckpoint: null, auditCheckpointProblem: 'no audit key or checkpoint log configured' };
  }
  try {
    const checkpoint = await writeCheckpoint(
      db,
      { auditKey: config.auditKey, auditCheckpointLog: config.auditCheckpointLog },
      'backup',
      { heads },
    );
    return { auditCheckpoint: checkpoint };
  } catch (error) {
    return { auditCheckpoint: null, auditCheckpointProblem: (error as Error).message };
  }
}

/**
 * The URL pg_dump and pg_restore are given: libpq reads `options` itself, but node-postgres accepts a few
 * parameters libpq does not know; only libpq's are kept.
 */
function libpqUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const known = new Set([
    'options',
    'sslmode',
    'sslcert',
    'sslkey',
    'sslrootcert',
    'application_name',
    'connect_timeout',
  ]);
  // Built by hand: URLSearchParams writes a space as '+', which libpq reads as a plus sign
  // ("-c search_path=x" would reach the server as "-c+search_path=x").
  const query = [...url.searchParams]
    .filter(([key]) => known.has(key))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  url.search = '';
  return query ? `${url.toString()}?${query}` : url.toString();
}

/** Opens the configured database without migrating or seeding: a backup copies what is there. */
export async function openForBackup(config: Config4Backup): Promise<Db> {
  if (config.databaseUrl) return createPostgresDb(config.databaseUrl);
  const release = await acquireDataDirLock(config.dataDir);
  try {
    return createPgliteDb(config.dataDir, release);
  } catch (error) {
    release();
    throw error;
  }
}

export interface RestoreOptions {
  /**
   * Restore an unencrypted archive of an earlier release (`npm run restore -- --unencrypted FILE`). Refused
   * otherwise: such a file holds client data in clear and carries no authentication, so restoring one is
   * the operator's explicit choice (README, "Durability, backups and restore").
   */
  allowUnencrypted?: boolean;
}

async function readArchive(
  file: string,
  work: string,
  config: Config4Backup,
  options: RestoreOptions,
): Promise<{ manifest: Manifest; member: string }> {
  try {
    await stat(file);
  } catch {
    throw new BackupError(`No backup at ${file}.`);
  }
  const kind = await archiveKind(file);
  let plain = file;
  if (kind === 'encrypted') {
    // The key is proved (fingerprint, then the first part's authentication) and the whole archive
    // authenticated before the target is looked at or a byte of it written.
    const { key, name } = backupKeyOf(config);
    plain = path.join(work, 'archive.tar.gz');
    try {
      await decryptArchive(file, plain, key, name);
    } catch (error) {
      if (error instanceof BackupKeyError) throw new BackupError(error.message);
      throw error;
    }
  } else if (kind === 'unencrypted' && !options.allowUnencrypted) {
    throw new BackupError(
      `${file} is an unencrypted backup (made by Loupe before backups were encrypted). It can still be restored ` +
        'with npm run restore -- --unencrypted FILE; it holds client data in clear, so once it is restored, ' +
        'take a new (encrypted) backup and delete the old file. Nothing was restored.',
    );
  }
  try {
    await tar.extract({ file: plain, cwd: work, strict: true });
  } catch (error) {
    throw new BackupError(`${file} is not a Loupe backup archive: ${(error as Error).message}`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} has no readable ${MANIFEST}: not a Loupe backup, or a damaged one.`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${file} is a backup in format ${manifest.format}; this Loupe reads format ${BACKUP_FORMAT}.`,
    );
  }
  const member = manifest.database === 'pglite' ? PGLITE_MEMBER : POSTGRES_MEMBER;
  for (const [name, expected] of Object.entries(manifest.members)) {
    let actual;
    try {
      actual = await sha256File(path.join(work, name));
    } catch {
      throw new BackupError(`${file} is damaged: ${name} is missing.`);
    }
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
      throw new BackupError(`${file} is damaged: the checksum of ${name} does not match its manifest.`);
    }
  }
  if (!manifest.members[member]) throw new BackupError(`${file} is damaged: ${member} is missing.`);
  return { manifest, member };
}

export interface RestoreResult {
  manifest: Manifest;
  /** Tables compared after restoring, and their rows. */
  tables: number;
  rows: number;
}

/** The tables whose count or checksum differ from the manifest's (or that one side lacks). */
export function compareSums(
  manifest: Pick<Manifest, 'tables' | 'sequences'>,
  actual: { tables: Record<string, TableSummary>; sequences: Record<string, string | null> },
): string[] {
  const problems: string[] = [];
  const names = new Set([...Object.keys(manifest.tables), ...Object.keys(actual.tables)]);
  for (const name of [...names].sort()) {
    const want = manifest.tables[name];
    const got = actual.tables[name];
    if (!want) problems.push(`table ${name} is not in the backup`);
    else if (!got) problems.push(`table ${name} is missing`);
    else if (want.rows !== got.rows)
      problems.push(`table ${name} has ${got.rows} rows, the backup ${want.rows}`);
    else if (want.sha256 !== got.sha256)
      problems.push(`table ${name}: rows differ from the backup (checksum)`);
  }
  for (const [name, value] of Object.entries(manifest.sequences)) {
    const got = actual.sequences[name];
    // Behind the backup's value would hand out ids already used; ahead is the copy having been taken later.
    if (got === undefined || (value !== null && (got === null || BigInt(got) < BigInt(value)))) {
      problems.push(`sequence ${name} is at ${got ?? 'nothing'}, behind the backup's ${value}`);
    }
  }
  return problems;
}

/** Everything in the data folder but the lock's own files (held by the restore itself). */
async function dataDirContents(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(dataDir)).filter((name) => name !== LOCK_FILE && name !== LOCK_SOCKET);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Restores `file` into the configured database, which must be empty: an empty (or absent) DATA_DIR for the
 * embedded database, a database whose schema is absent or empty for PostgreSQL; anything else is refused
 * before a byte is written. After restoring, every table's row count and checksum and every sequence must equal
 * the manifest's, or a BackupError names them.
 */
export async function restoreBackup(
  config: Config4Backup,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'loupe-restore-'));
  try {
    const { manifest, member } = await readArchive(path.resolve(file), work, config, options);
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind) {
      throw new BackupError(
        `${file} is a backup of ${manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'}; ` +
          `the configuration names ${kind === 'pglite' ? 'the embedded database (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)'}. ` +
          'Restore it with the same kind of database it was taken from.',
      );
    }
    let db: Db;
    if (kind === 'pglite') {
      db = await restorePglite(config.dataDir, path.join(work, member));
    } else {
      db = await restorePostgres(config.databaseUrl as string, manifest, path.join(work, member), work);
    }
    try {
      const problems = compareSums(manifest, await tableChecksums(db));
      if (problems.length > 0) {
        throw new BackupError(
          `The restored database does not match the backup's manifest:\n  - ${problems.join('\n  - ')}`,
        );
      }
    } finally {
      await db.close();
    }
    const tables = Object.values(manifest.tables);
    return { manifest, tables: tables.length, rows: tables.reduce((sum, t) => sum + t.rows, 0) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function restorePglite(dataDir: string, member: string): Promise<Db> {
  const existing = await dataDirContents(dataDir);
  if (existing.length > 0) {
    throw new BackupError(
      `Refusing to restore: the data folder ${dataDir} is not empty (${existing.slice(0, 5).join(', ')}` +
        `${existing.length > 5 ? ', …' : ''}). Restore into an empty or new folder (DATA_DIR=...), then point ` +
        'Loupe at it; nothing was changed.',
    );
  }
  const release = await acquireDataDirLock(dataDir);
  try {
    // Checked again under the lock: another process may have started in the folder meanwhile.
    if ((await dataDirContents(dataDir)).length > 0) {
      throw new BackupError(`Refusing to restore: the data folder ${dataDir} is not empty.`);
    }
    const loader = await PGlite.create(dataDir, { loadDataDir: new Blob([await readFile(member)]) });
    await loader.close();
    return createPgliteDb(dataDir, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function restorePostgres(
  databaseUrl: string,
  manifest: Manifest,
  member: string,
  work: string,
): Promise<Db> {
  const schema = manifest.schema ?? 'public';
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let schemaExists: boolean;
  try {
    const [current] = (
      await client.query<{ schema: string | null; path: string }>(
        "SELECT current_schema() AS schema, current_setting('search_path') AS path",
      )
    ).rows;
    const first = current?.schema ?? current?.path.split(',')[0]?.trim().replace(/^"|"$/g, '');
    if (first !== schema) {
      throw new BackupError(
        `The backup holds schema "${schema}" but DATABASE_URL uses "${first}": restore with a DATABASE_URL whose ` +
          `search_path is ${schema} (for example ?options=-c%20search_path%3D${schema}).`,
      );
    }
    const objects =
      (
        await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1`,
          [schema],
        )
      ).rows[0]?.n ?? 0;
    const functions =
      (
        await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1',
          [schema],
        )
      ).rows[0]?.n ?? 0;
    if (objects + functions > 0) {
      throw new BackupError(
        `Refusing to restore: schema "${schema}" of the database is not empty (${objects} tables, sequences or ` +
          `indexes, ${functions} functions). Restore into an empty database or schema; nothing was changed.`,
      );
    }
    schemaExists =
      (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 1;
  } finally {
    await client.end();
  }
  // The dump creates its schema; an empty one that already exists (made by the operator) is kept, so that
  // entry is left out of the list pg_restore follows.
  const listing = await run(pgTool('pg_restore'), ['--list', member], 'a restore');
  const list = listing
    .split('\n')
    .filter((line) => !(schemaExists && / SCHEMA - /.test(line)))
    .join('\n');
  const listFile = path.join(work, 'restore.list');
  await writeFile(listFile, list);
  await run(
    pgTool('pg_restore'),
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--use-list',
      listFile,
      '--dbname',
      libpqUrl(databaseUrl),
      member,
    ],
    'a restore',
  );
  return createPostgresDb(databaseUrl);
}

/** An encrypted archive: the gzipped tar sealed with the backup key (db/backup-key.ts). */
export const BACKUP_EXTENSION = '.tar.gz.enc';

/** Automatic backups are named so that they sort by time and are told apart from hand-made ones. */
export const AUTO_PREFIX = 'loupe-auto-';
export const KEEP_AUTOMATIC = 14;

export function backupName(reason: string, at = new Date()): string {
  return `${AUTO_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}-${reason}${BACKUP_EXTENSION}`;
}

/** The automatic backups in `dir`, oldest first. */
export async function automaticBackups(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir))
      .filter((name) => name.startsWith(AUTO_PREFIX) && /\.tar(\.gz)?(\.enc)?$/.test(name))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Takes an automatic backup into `dir` and removes all but the last KEEP_AUTOMATIC automatic ones. */
export async function automaticBackup(
  db: Db,
  config: Config4Backup,
  dir: string,
  reason: string,
  at = new Date(),
): Promise<BackupResult> {
  const result = await createBackup(db, config, path.join(dir, backupName(reason, at)));
  const all = await automaticBackups(dir);
  for (const old of all.slice(0, Math.max(0, all.length - KEEP_AUTOMATIC))) {
    await rm(path.join(dir, old), { force: true });
  }
  return result;
}
