import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, loadConfig, openDatabase } from '../../src/app';
import { DataDirLockedError, LOCK_FILE, acquireDataDirLock } from '../../src/db/lock';
import { readMigrations } from '../../src/db/migrate';
import { DEMO_PASSWORD } from '../../src/demo/seed';
import { Browser, createTestDatabase, usingPostgres, type TestDatabase } from '../helper';
import { holdDataDirLock, killHard } from './lock-holder';

// The first test migrates an empty database and seeds the demo shop (~20 s of CPU on PGlite): past jest's 60 s
// on a machine whose two cores other suites share, as this file's siblings allow for.
jest.setTimeout(300_000);

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.dispose();
});

describe('openDatabase', () => {
  it('migrates, seeds nothing with LOUPE_DEMO=0, seeds the demo shop once when enabled, holds a lock file with its pid while open', async () => {
    const off = await tdb.open({ demo: false });
    expect(off.kind).toBe(usingPostgres ? 'postgres' : 'pglite');
    expect(off.seeded).toBeNull();
    expect(await off.query('SELECT 1 FROM shops')).toHaveLength(0);
    expect(await off.query('SELECT 1 FROM users')).toHaveLength(0);
    const versions = await off.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((v) => v.version)).toEqual(readMigrations().map((m) => m.version));
    await off.close();

    const on = await tdb.open({ demo: true });
    expect(on.seeded).toMatchObject({
      shop: { name: 'Loupe Demo' },
      password: 'loupe-demo-2026',
      accounts: [
        { username: 'platinum', role: 'platinum' },
        { username: 'gold', role: 'gold' },
        { username: 'silver', role: 'silver' },
      ],
    });
    const members = await on.query<{ username: string; role: string; name: string; active: boolean }>(
      `SELECT u.username, m.role, s.name, m.active FROM memberships m
         JOIN users u ON u.id = m.user_id JOIN shops s ON s.id = m.shop_id ORDER BY m.id`,
    );
    expect(members).toEqual([
      { username: 'platinum', role: 'platinum', name: 'Loupe Demo', active: true },
      { username: 'gold', role: 'gold', name: 'Loupe Demo', active: true },
      { username: 'silver', role: 'silver', name: 'Loupe Demo', active: true },
    ]);

    // Every demo account signs in with the documented password.
    const app = await buildApp({ db: on, config: loadConfig(tdb.env), logger: false });
    for (const username of ['platinum', 'gold', 'silver']) {
      const browser = new Browser(app);
      await browser.signIn(username, DEMO_PASSWORD);
      expect((await browser.get('/auth-check/')).json()).toMatchObject({
        role: username,
        shop: { name: 'Loupe Demo' },
      });
    }
    await app.close();
    await on.close();

    // A database that has a shop is left alone, and migrations are not re-applied.
    const again = await tdb.open({ demo: true });
    expect(again.seeded).toBeNull();
    expect(await again.query('SELECT 1 FROM shops')).toHaveLength(1);

    // While open, a lock file with its pid in DATA_DIR, gone once closed: looked at on this open rather than
    // on one of its own (each open of the embedded database costs about a second of CPU). The lock guards the
    // embedded database only; PostgreSQL serves many processes.
    const lock = path.join(tdb.dataDir, LOCK_FILE);
    expect(existsSync(lock) ? readFileSync(lock, 'utf8').trim() : null).toBe(
      usingPostgres ? null : String(process.pid),
    );
    await again.close();
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses to open an embedded database that a live process holds, before touching it', async () => {
    const dir = path.join(tdb.dataDir, 'held');
    const release = await acquireDataDirLock(dir); // held by this very process, as a running server would hold it
    const embedded = { dataDir: dir, databaseUrl: null, demo: false };
    await expect(openDatabase(embedded)).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase(embedded)).rejects.toThrow(
      `The embedded database in ${dir} is in use by process ${process.pid}`,
    );
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    release();
  });
});

describe('acquireDataDirLock', () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child) await killHard(child);
    child = undefined;
  });

  it('refuses a second opener in another process with the holder’s pid, and in this one', async () => {
    const dir = path.join(tdb.dataDir, 'lock-other');
    child = await holdDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(
      `The embedded database in ${dir} is in use by process ${child.pid} (a running Loupe server or command). ` +
        'Stop that process first. (PostgreSQL, named by DATABASE_URL, allows several processes, but it is another ' +
        'database: the shop in this folder does not move there by itself.)',
    );
    await killHard(child);
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`in use by process ${process.pid}`);
    release();
    (await acquireDataDirLock(dir))();
  });

  it('is free the moment its holder is killed with SIGKILL, though the holder’s pid file stays', async () => {
    const dir = path.join(tdb.dataDir, 'lock-killed');
    child = await holdDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`in use by process ${child.pid}`);
    await killHard(child);
    // Nothing cleaned up after the crash: the pid file still names the dead holder.
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(child.pid));
    const release = await acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('is not blocked by a pid file naming a live, unrelated process (a pid reused after a crash)', async () => {
    const dir = path.join(tdb.dataDir, 'lock-reused');
    mkdirSync(dir, { recursive: true });
    child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    writeFileSync(path.join(dir, LOCK_FILE), `${child.pid}\n`);
    const release = await acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('is one lock for every spelling of the folder (a symlink, a relative path)', async () => {
    const dir = path.join(tdb.dataDir, 'lock-real');
    mkdirSync(dir, { recursive: true });
    const link = path.join(tdb.dataDir, 'lock-link');
    symlinkSync(dir, link);
    const release = await acquireDataDirLock(link);
    await expect(acquireDataDirLock(path.relative(process.cwd(), dir))).rejects.toThrow(DataDirLockedError);
    release();
    (await acquireDataDirLock(dir))();
  });
});

it('a database URL that cannot be reached fails with an error, not a hang', async () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none',
    LOG_LEVEL: 'silent',
  });
  await expect(openDatabase(config)).rejects.toThrow();
});
