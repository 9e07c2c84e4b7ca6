import type { Queryable } from '../../src/db/database';

/** The statement as PostgreSQL holds it prepared on this connection, if it does. */
export async function heldPrepared(q: Queryable, sql: string): Promise<number> {
  const [row] = await q.query<{ held: number }>(
    'SELECT count(*)::int AS held FROM pg_prepared_statements WHERE statement = $1 AND name LIKE $2',
    [sql, 'loupe\\_%'],
  );
  return row?.held ?? 0;
}
