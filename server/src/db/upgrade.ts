import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from './database';
import { readMigrations } from './migrate';

/**
 * Upgrades a dealer can undo (issue 25, item 6). A start that upgrades the database says what it did — the
 * migrations it ran, the backup it took before them (or, on PostgreSQL, that it took none and how to take
 * one), the files it moved from UPLOADS_DIR into the database — and leaves those files where they were: the
 * previous release reads them from there, so going back to it (its database restored from the pre-migration
 * backup) still serves every KYC paper and item image. They are removed only when an operator confirms the
 * upgrade (`npm run upgrade:confirm`, cli/upgrade-confirm.ts), and only those whose bytes the database holds
 * identically.
 */

export interface MigrationName {
  version: number;
  name: string;
}

/** The folders of UPLOADS_DIR the previous releases kept files in, and the tables whose rows name them. */
export const UPLOAD_FOLDERS = [
  { kind: 'kyc', table: 'client_documents' },
  { kind: 'items', table: 'item_images' },
] as const;

export interface UpgradeReport {
  /** Migrations run at this start, in order (empty: the schema was up to date). */
  migrations: MigrationName[];
  /** Whether the database had a schema before (false: a new database, nothing to go back to). */
  upgraded: boolean;
  /** The backup taken before the migrations (PGlite), or why there is none. */
  backup: { file: string } | { none: 'postgres' | 'backup-dir-off' } | null;
  /** Files moved from UPLOADS_DIR into the database at this start. */
  moved: { count: number; bytes: number; from: string } | null;
  /** Files in UPLOADS_DIR whose bytes the database also holds: kept for going back until confirmed. */
  kept: { count: number; bytes: number; dir: string } | null;
}

/** The migrations not yet applied to `db`; all of them for a database without a schema. */
export async function pendingMigrations(db: Queryable): Promise<MigrationName[]> {
  const applied = await appliedVersions(db);
  return readMigrations()
    .filter((m) => !applied.has(m.version))
    .map(({ version, name }) => ({ version, name }));
}

export async function appliedVersions(db: Queryable): Promise<Set<number>> {
  const [exists] = await db.query<{ ok: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS ok",
  );
  if (!exists?.ok) return new Set();
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  return new Set(rows.map((r) => Number(r.version)));
}

/** The storage keys whose bytes are not yet attached in the database (what a move at this start would take). */
export async function unmovedKeys(db: Queryable): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const { table } of UPLOAD_FOLDERS) {
    const rows = await db.query<{ key: string }>(
      `SELECT t.storage_key AS key FROM ${table} t
        WHERE NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.key = t.storage_key AND f.attached)`,
    );
    for (const row of rows) keys.add(row.key);
  }
  return keys;
}

/** Of `keys`, those now attached in the database, and their total size. */
export async function movedSince(
  db: Queryable,
  keys: Set<string>,
): Promise<{ count: number; bytes: number }> {
  if (keys.size === 0) return { count: 0, bytes: 0 };
  const [row] = await db.query<{ count: string; bytes: string | null }>(
    `SELECT count(*)::text AS count, sum(size_bytes)::text AS bytes
       FROM stored_files WHERE attached AND key = ANY($1::text[])`,
    [[...keys]],
  );
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export interface KeptFile {
  kind: string;
  key: string;
  file: string;
  bytes: number;
}

/** The files in UPLOADS_DIR whose bytes are attached in the database: what confirming the upgrade removes. */
export async function keptFiles(db: Queryable, uploadsDir: string): Promise<KeptFile[]> {
  const kept: KeptFile[] = [];
  for (const { kind } of UPLOAD_FOLDERS) {
    const folder = path.join(uploadsDir, kind);
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    if (names.length === 0) continue;
    const rows = await db.query<{ key: string }>(
      'SELECT key FROM stored_files WHERE attached AND key = ANY($1::text[]) ORDER BY key',
      [names],
    );
    for (const { key } of rows) {
      const file = path.join(folder, key);
      const found = await stat(file).catch(() => null);
      if (found?.isFile()) kept.push({ kind, key, file, bytes: found.size });
    }
  }
  return kept;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const migrationName = (m: MigrationName) => `${String(m.version).padStart(3, '0')}_${m.name}`;

/**
 * The lines a start logs about the upgrade it did (none when it did nothing): one each for the migrations, the
 * backup, the files moved and the files kept for going back.
 */
export function describeUpgrade(report: UpgradeReport): string[] {
  const lines: string[] = [];
  if (report.migrations.length > 0) {
    const names = report.migrations.map(migrationName);
    lines.push(
      report.upgraded
        ? `Upgrade: ran ${plural(names.length, 'migration')}: ${names.join(', ')}`
        : `New database: created the schema with ${plural(names.length, 'migration')} (${names[0]} to ${names.at(-1)})`,
    );
  }
  if (report.upgraded && report.migrations.length > 0) {
    const backup = report.backup;
    if (backup && 'file' in backup) {
      lines.push(
        `Upgrade: the database from before these migrations was backed up to ${backup.file}; to go back to ` +
          'the previous release, stop this one and restore that file with its npm run restore into an empty DATA_DIR',
      );
    } else if (backup?.none === 'postgres') {
      lines.push(
        'Upgrade: no backup was taken before these migrations (Loupe does not copy a PostgreSQL database by ' +
          'itself). Going back to the previous release needs a copy from before the upgrade: restore your own ' +
          'pg_dump or snapshot. Before the next upgrade, stop the server and take one with npm run backup ' +
          '(pg_dump of this schema) or pg_dump --format=custom.',
      );
    } else if (backup?.none === 'backup-dir-off') {
      lines.push(
        'Upgrade: no backup was taken before these migrations (BACKUP_DIR=off). Before the next upgrade, stop ' +
          'the server and take one with npm run backup.',
      );
    }
  }
  if (report.moved && report.moved.count > 0) {
    lines.push(
      `Upgrade: moved ${plural(report.moved.count, 'uploaded file')} (${describeBytes(report.moved.bytes)}) ` +
        `from ${report.moved.from} into the database (encrypted)`,
    );
  }
  if (report.kept && report.kept.count > 0) {
    lines.push(
      `Upgrade: ${plural(report.kept.count, 'file')} (${describeBytes(report.kept.bytes)}) the database now ` +
        `holds ${report.kept.count === 1 ? 'is' : 'are'} still kept in ${report.kept.dir}, so the previous release ` +
        'can be restored with every file; once this release is confirmed, stop the server and run ' +
        `npm run upgrade:confirm to remove ${report.kept.count === 1 ? 'it' : 'them'}`,
    );
  }
  return lines;
}
