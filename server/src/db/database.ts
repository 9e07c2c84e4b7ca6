import { PGlite } from '@electric-sql/pglite';
import { Pool, type PoolConfig } from 'pg';

/** What repositories need: parameterised queries, inside or outside a transaction. */
export interface Queryable {
  query<R extends object>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface Transaction extends Queryable {
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Transaction {
  readonly kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start log (never includes a password). */
  readonly description: string;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: its data folder as an uncompressed tar, taken between queries. It waits for no transaction,
   * so it may be called inside one (db/backup.ts does, for a copy consistent with its checksums).
   */
  dumpDataDir?(): Promise<Uint8Array>;
}

export function createPgliteDb(dataDir: string | undefined, onClose?: () => void): Db {
  // `undefined` keeps the database in memory: used by nothing in production, handy in one-off scripts.
  const pg = new PGlite(dataDir);
  let closed = false;
  return {
    kind: 'pglite',
    description: dataDir ? `embedded PGlite in ${dataDir}` : 'embedded PGlite in memory',
    async query<R extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await pg.query<R>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return pg.transaction(async (tx) =>
        fn({
          async query<R extends object>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<R>(sql, params as unknown[])).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async dumpDataDir() {
      return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        onClose?.();
      }
    },
  };
}

export function createPostgresDb(databaseUrl: string): Db {
  // libpq-style parameters in the URL pass through, e.g. `?options=-c%20search_path%3Dmy_schema`.
  const config: PoolConfig = { connectionString: databaseUrl, max: 10 };
  const pool = new Pool(config);
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const url = new URL(databaseUrl);
  let closed = false;
  return {
    kind: 'postgres',
    description: `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`,
    async query<R extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query<R>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R extends object>(sql: string, params: readonly unknown[] = []) {
            return (await client.query<R>(sql, params as unknown[])).rows;
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
