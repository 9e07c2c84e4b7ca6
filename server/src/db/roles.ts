import { createPostgresDb, type Db } from './database';
import { migrate } from './migrate';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The owner/application split on PostgreSQL (issue 25, item 4). Migrations run as the owner role
 * (DATABASE_OWNER_URL); the application's role (DATABASE_URL) is then granted only what the application does:
 * reading and writing rows, never ALTER, DROP or TRIGGER (which only an owner may do), and on audit_log only
 * SELECT and INSERT. So the application — or anyone who takes over its connection — cannot lift the
 * append-only triggers (`ALTER TABLE audit_log DISABLE TRIGGER …`) or delete from the trail.
 * Run at every start, so tables added by a migration are granted too.
 */
export async function migrateAsOwner(app: Db, ownerUrl: string): Promise<void> {
  const [who] = await app.query<{ user: string; schema: string | null }>(
    'SELECT current_user AS user, current_schema() AS schema',
  );
  const role = who?.user as string;
  const owner = createPostgresDb(ownerUrl);
  try {
    await migrate(owner);
    const [mine] = await owner.query<{ user: string; schema: string }>(
      'SELECT current_user AS user, current_schema() AS schema',
    );
    if (mine?.user === role) return; // One role for both: nothing to split.
    // Before its first grant the app role sees no schema at all (current_schema() skips a schema it may not use).
    if (who?.schema && who.schema !== mine?.schema) {
      throw new Error(
        `DATABASE_URL uses schema ${who?.schema ?? '(none)'} but DATABASE_OWNER_URL uses ${mine?.schema}: give both the same search_path.`,
      );
    }
    const schema = quote(mine?.schema as string);
    const to = quote(role);
    await owner.transaction(async (tx) => {
      await tx.query(`GRANT USAGE ON SCHEMA ${schema} TO ${to}`);
      await tx.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${to}`);
      await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${to}`);
      await tx.query(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${to}`);
      await tx.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${to}`);
    });
  } finally {
    await owner.close();
  }
}
