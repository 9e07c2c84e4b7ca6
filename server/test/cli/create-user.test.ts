import { spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildApp, loadConfig, openDatabase } from '../../src/app';
import { createUserCommand } from '../../src/cli/create-user';
import { acquireDataDirLock } from '../../src/db/lock';
import { holdDataDirLock } from '../db/lock-holder';
import { verifyPassword } from '../../src/modules/auth/password-hasher';
import { Browser, createTestDatabase, usingPostgres, type TestDatabase } from '../helper';

let tdb: TestDatabase;

beforeAll(async () => {
  // On PGlite a copy of the run's migrated template (migrating is the test/db tests' subject); on PostgreSQL the
  // first command's open migrates the schema. Each command below opens and closes it like the real CLI process.
  tdb = await createTestDatabase({ migrated: true });
});
afterAll(async () => {
  await tdb.dispose();
});

/** The lock concerns the embedded database: on a PostgreSQL run, one is made beside the schema. */
const embeddedDir = () => (usingPostgres ? path.join(tdb.dataDir, 'embedded') : tdb.dataDir);
/**
 * Whether the command may go on to open the embedded database once the lock is free: on the PGlite run it is the
 * migrated copy. On a PostgreSQL run the folder beside the schema is empty and would be migrated from nothing
 * (~15 s of CPU, past the test's time limit on a busy machine) to prove again, on the same embedded code, what
 * the PGlite run proves: there the refusals alone are checked.
 */
const migratedEmbedded = !usingPostgres;

async function run(args: string[], env: Record<string, string> = tdb.env) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await createUserCommand(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err: err.join('\n') };
}

describe('user:create', () => {
  it('creates a user and prints one JSON line', async () => {
    const res = await run([
      '--username',
      'anna',
      '--password',
      'tourbillon-1926-geneva',
      '--email',
      'anna@example.com',
    ]);
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(1);
    const user = JSON.parse(res.out[0] as string);
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'anna',
      email: 'anna@example.com',
      first_name: '',
      last_name: '',
    });
    const db = await tdb.open();
    const rows = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE username = $1',
      ['anna'],
    );
    await db.close();
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('tourbillon-1926-geneva', rows[0]!.password_hash)).toBe(true);
  });

  it('--must-change-password: the user signs in with the given password and must then replace it', async () => {
    const res = await run(['--username', 'hugo', '--password', 'handed-over-1926', '--must-change-password']);
    expect(res.code).toBe(0);
    // One open for the reads and the app (each open of the embedded database costs about a second of CPU).
    const read = () =>
      db.query<{ username: string; must_change_password: boolean }>(
        "SELECT username, must_change_password FROM users WHERE username IN ('anna', 'hugo') ORDER BY username",
      );
    const config = loadConfig(tdb.env);
    const db = await openDatabase(config);
    const app = await buildApp({ db, config, logger: false });
    try {
      expect(await read()).toEqual([
        { username: 'anna', must_change_password: false },
        { username: 'hugo', must_change_password: true },
      ]);
      const browser = new Browser(app);
      expect((await browser.signIn('hugo', 'handed-over-1926')).json()).toMatchObject({
        user: { username: 'hugo' },
        must_change_password: true,
      });
      const change = await browser.post('/api/account/change-password/', {
        current_password: 'handed-over-1926',
        new_password: 'hugo-chose-this-one-42',
      });
      expect(change.statusCode).toBe(200);
      expect((await browser.get('/auth-check/')).json()).toMatchObject({ must_change_password: false });
      expect((await read())[1]).toEqual({ username: 'hugo', must_change_password: false });
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('refuses a duplicate username', async () => {
    await run(['--username', 'bert', '--password', 'tourbillon-1926-geneva']);
    const res = await run(['--username', 'bert', '--password', 'another-fine-secret']);
    expect(res.code).not.toBe(0);
    expect(res.err).toContain('A user with the username "bert" already exists.');
    expect(res.out).toEqual([]);
  });

  it('refuses a weak password with Django’s messages', async () => {
    const res = await run(['--username', 'cora', '--password', '12345678']);
    expect(res.code).not.toBe(0);
    expect(res.err).toContain('This password is too common.');
    expect(res.err).toContain('This password is entirely numeric.');
    const similar = await run(['--username', 'dorotheas', '--password', 'dorothea5']);
    expect(similar.err).toContain('The password is too similar to the username.');
  });

  it('refuses bad usage and a bad email', async () => {
    expect((await run(['--username', 'x'])).code).toBe(2);
    expect((await run(['--username', 'x', '--password', 'tourbillon-1926', '--bogus', '1'])).code).toBe(2);
    const email = await run([
      '--username',
      'erin',
      '--password',
      'tourbillon-1926-geneva',
      '--email',
      'nope',
    ]);
    expect(email.code).toBe(1);
    expect(email.err).toContain('Enter a valid email address.');
  });

  it('refuses names that would not read as what they are (control or invisible characters)', async () => {
    const res = await run([
      '--username',
      'fern',
      '--password',
      'tourbillon-1926-geneva',
      '--first-name',
      'Fern\u202eadnA',
      '--last-name',
      'Hart\u0085',
      '--email',
      'fern\u200b@example.com',
    ]);
    expect(res.code).toBe(1);
    expect(res.err).toContain('first_name: Invisible characters are not allowed.');
    expect(res.err).toContain('last_name: Control characters are not allowed.');
    expect(res.err).toContain('email: Invisible characters are not allowed.');
    expect(res.out).toEqual([]);
  });

  it('is reached by the documented command at the repository root (npm run user:create -- …)', () => {
    const repoRoot = path.resolve(__dirname, '..', '..', '..');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // A missing --password is bad usage (exit 2) decided before any database is opened, so this proves the root
    // script hands its arguments through the server's script to the CLI without creating anything.
    const res = spawnSync(npm, ['run', '--silent', 'user:create', '--', '--username', 'x'], {
      cwd: repoRoot,
      env: { ...process.env, ...tdb.env },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(res.stderr).toContain(
      'usage: npm run user:create -- --username U --password P [--email E] [--first-name F] [--last-name L] [--must-change-password]',
    );
    expect(res.status).toBe(2);
  }, 200_000);

  it('reports an invalid environment', async () => {
    const res = await run(['--username', 'x', '--password', 'tourbillon-1926-geneva'], {
      ...tdb.env,
      PORT: 'eighty',
    });
    expect(res.code).toBe(2);
    expect(res.err).toContain('PORT');
  });

  describe('with the embedded database in use', () => {
    let holder: ChildProcess | undefined;
    afterEach(() => holder?.kill());

    it('refuses while a server holds it, with a clear message, then works once it has stopped', async () => {
      const env = { DATA_DIR: embeddedDir(), LOG_LEVEL: 'silent', LOUPE_DEMO: '0' };
      // The lock a running server holds on its data folder (openDatabase takes it first: test/db/open.test.ts),
      // held by this process: the command is refused at its own lock, before opening anything. No database is
      // opened for the server (on PostgreSQL runs that was an embedded database migrated from nothing).
      const config = loadConfig(env);
      const release = await acquireDataDirLock(config.dataDir);
      try {
        const res = await run(['--username', 'frank', '--password', 'tourbillon-1926-geneva'], env);
        expect(res.code).toBe(1);
        expect(res.err).toContain(
          `Refusing to create a user: The embedded database in ${config.dataDir} is in use by process ${process.pid}`,
        );
      } finally {
        release();
      }
      // Created now, so the refused command had not created it (a second one is refused as a duplicate).
      if (migratedEmbedded) {
        const after = await run(['--username', 'frank', '--password', 'tourbillon-1926-geneva'], env);
        expect(after.code).toBe(0);
        expect(JSON.parse(after.out[0] as string)).toMatchObject({ username: 'frank' });
      }
    });

    it('refuses while another live process holds the lock, and takes over the lock of a dead one', async () => {
      const env = { DATA_DIR: embeddedDir(), LOG_LEVEL: 'silent', LOUPE_DEMO: '0' };
      // A process really holding the lock (a pid file alone no longer blocks: see test/db/open.test.ts).
      holder = await holdDataDirLock(env.DATA_DIR);
      const res = await run(['--username', 'gina', '--password', 'tourbillon-1926-geneva'], env);
      expect(res.code).toBe(1);
      expect(res.err).toContain(`in use by process ${holder.pid}`);
      holder.kill();
      await new Promise((resolve) => holder?.once('exit', resolve));
      if (migratedEmbedded) {
        expect((await run(['--username', 'gina', '--password', 'tourbillon-1926-geneva'], env)).code).toBe(0);
      }
    });
  });
});
