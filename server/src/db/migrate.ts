import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './database';

/** Both src/db and dist/db sit two levels below the package folder. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/** Applies the migrations not yet recorded, in order; returns the versions applied. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Several API instances may start together on one PostgreSQL: only one of them migrates at a time.
    await tx.query('SELECT pg_advisory_xact_lock(7426917)');
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
