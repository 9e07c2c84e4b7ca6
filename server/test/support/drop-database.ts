import { Client } from 'pg';

/** PostgreSQL's error codes met here: insufficient_privilege, object_in_use. */
const REFUSED_TO_TERMINATE = '42501';
const IN_USE = '55006';
/** How many times, a quarter of a second apart (about five seconds). */
const ATTEMPTS = 20;

/**
 * Drops `name`, ending its sessions, on a connection of its own. DROP DATABASE … WITH (FORCE) refuses a role that
 * is not a superuser when one of the database's processes is an autovacuum worker, which has no role ("must be a
 * member of the role whose process is being terminated", PostgreSQL 15's TerminateOtherDBBackends): a fresh-clone run's
 * teardown failed so on 28 November 2026, every test passed. A plain DROP DATABASE stops autovacuum workers itself, so it is tried
 * then; if a session is still there, both again a moment later.
 */
export async function dropDatabase(base: string, name: string, attempts = ATTEMPTS): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const each = new Client({ connectionString: base });
    await each.connect();
    try {
      await each.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== REFUSED_TO_TERMINATE || attempt >= attempts) throw error;
      try {
        await each.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (plain) {
        if ((plain as { code?: string }).code !== IN_USE) throw plain;
      }
    } finally {
      await each.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
