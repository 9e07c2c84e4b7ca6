import { Client } from 'pg';
import { buildApp, loadConfig, openDatabase } from '../../src/app';
import { DEMO_PASSWORD } from '../../src/demo/seed';
import { Browser, createTestDatabase, usingPostgres, type TestDatabase } from '../helper';

// Issue 25, item 4: with PostgreSQL the server runs as a role that owns no table (DATABASE_URL), migrations as
// the owner (DATABASE_OWNER_URL), so the application cannot lift audit_log's append-only triggers or delete
// from it. The application role is TEST_APP_ROLE (default loupe_app, password the same), made by .ci/run.
// PGlite is one process with no roles: there the setting is refused, as the README documents.

jest.setTimeout(300_000);

const APP_ROLE = process.env.TEST_APP_ROLE ?? 'loupe_app';

if (usingPostgres) {
  describe('PostgreSQL: the application role does not own the tables', () => {
    let tdb: TestDatabase;
    let appEnv: Record<string, string>;
    beforeAll(async () => {
      tdb = await createTestDatabase();
      const app = new URL(tdb.env.DATABASE_URL as string);
      app.username = APP_ROLE;
      app.password = APP_ROLE;
      // DATABASE_URL is the application's; the owner's (the test database's own user) runs the migrations.
      appEnv = {
        ...tdb.env,
        DATABASE_URL: app.toString(),
        DATABASE_OWNER_URL: tdb.env.DATABASE_URL as string,
      };
    });
    afterAll(() => tdb.dispose());

    it('migrates as the owner, serves as the app role, which is refused ALTER TABLE and DELETE on audit_log', async () => {
      const db = await openDatabase({ ...loadConfig(appEnv), demo: true });
      try {
        const [who] = await db.query<{ user: string; owner: string }>(
          `SELECT current_user AS user, pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid = 'audit_log'::regclass`,
        );
        expect(who?.user).toBe(APP_ROLE);
        expect(who?.owner).not.toBe(APP_ROLE);
        // The demo shop was seeded as the app role: it can write what the application writes.
        const [entries] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
        expect(entries?.n).toBeGreaterThan(0);

        await expect(db.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change')).rejects.toThrow(
          /must be owner of table audit_log/,
        );
        await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(
          /permission denied for table audit_log/,
        );
        await expect(db.query("UPDATE audit_log SET action = 'x'")).rejects.toThrow(
          /permission denied for table audit_log/,
        );
        await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/permission denied for table audit_log/);
        await expect(db.query('DROP TABLE audit_log')).rejects.toThrow(/must be owner of table audit_log/);

        // The application itself works as that role: sign-in (audited), lists, the trail.
        const app = await buildApp({ db, config: loadConfig(appEnv), logger: false });
        try {
          const browser = new Browser(app);
          await browser.signIn('platinum', DEMO_PASSWORD);
          for (const url of ['/api/clients/', '/api/items/', '/api/activity/', '/api/expenses/']) {
            expect({ url, status: (await browser.get(url)).statusCode }).toEqual({ url, status: 200 });
          }
        } finally {
          await app.close();
        }
      } finally {
        await db.close();
      }
      // Control: the owner itself may lift the trigger (what the split takes away from the application).
      const owner = new Client({ connectionString: tdb.env.DATABASE_URL });
      await owner.connect();
      try {
        await owner.query('BEGIN');
        await owner.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change');
        await owner.query('ROLLBACK');
      } finally {
        await owner.end();
      }
    });
  });
} else {
  describe('the embedded database (PGlite) has no roles', () => {
    it('refuses DATABASE_OWNER_URL without DATABASE_URL, saying the split is PostgreSQL’s', () => {
      expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://owner:pw@db:5432/loupe' })).toThrow(
        'DATABASE_OWNER_URL is for PostgreSQL only: set DATABASE_URL (the application role) with it',
      );
    });
  });
}
