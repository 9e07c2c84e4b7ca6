import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildApp, loadConfig, openDatabase, type LoupeDb } from '../../src/app';
import { createShopCommand } from '../../src/cli/create-shop';
import { acquireDataDirLock } from '../../src/db/lock';
import { createAccount } from '../../src/modules/auth/accounts';
import type { Command } from '../../src/cli/command';
import { Browser, createTestDatabase, usingPostgres, type TestDatabase } from '../helper';

let tdb: TestDatabase;
const OWNER_PASSWORD = 'tourbillon-1926-geneva';

async function run(command: Command, args: string[], env: Record<string, string> = tdb.env) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err: err.join('\n') };
}

const shopCreate = (args: string[], env?: Record<string, string>) => run(createShopCommand, args, env);

/** Reads with the database opened and closed around them (one open for all), as between two commands. */
async function reading<T>(work: (db: LoupeDb) => Promise<T>): Promise<T> {
  const db = await tdb.open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const shopCount = () =>
  reading(async (db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM shops'))[0]?.n);

beforeAll(async () => {
  // Migrated (on PGlite a copy of the run's migrated template: migrating is the test/db tests' subject).
  tdb = await createTestDatabase({ migrated: true });
  // The owners, made in one open by what user:create runs (createAccount): the command itself, with its own
  // open, is test/cli/create-user.test.ts's subject.
  const db = await tdb.open();
  try {
    for (const username of ['anna', 'bert', 'cora', 'dora']) {
      await createAccount(db, { username, password: OWNER_PASSWORD }, new Date());
    }
    await db.query("UPDATE users SET is_active = false WHERE username = 'cora'");
  } finally {
    await db.close();
  }
});
afterAll(async () => {
  await tdb.dispose();
});

describe('shop:create', () => {
  it('creates the shop with its platinum owner, the audit record, and prints one JSON line', async () => {
    const res = await shopCreate(['--name', '  Hart & Sons Watches ', '--owner', 'anna']);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(1);
    const created = JSON.parse(res.out[0] as string);
    expect(created).toEqual({
      shop: { id: expect.any(Number), name: 'Hart & Sons Watches', time_zone: 'Europe/London' },
      owner: { id: expect.any(Number), username: 'anna' },
      role: 'platinum',
    });

    // Both read in one open of the database (each open of the embedded database costs about a second of CPU).
    const { membership, audit } = await reading(async (db) => ({
      membership: (
        await db.query<{ role: string; active: boolean; seen: boolean; last_shop_id: number }>(
          `SELECT m.role, m.active, m.seen_at IS NOT NULL AS seen, u.last_shop_id
             FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.shop_id = $1`,
          [created.shop.id],
        )
      )[0],
      audit: await db.query<{
        user_id: number | null;
        entity: string;
        entity_id: string;
        action: string;
        after: unknown;
      }>('SELECT user_id, entity, entity_id::text, action, after FROM audit_log WHERE shop_id = $1', [
        created.shop.id,
      ]),
    }));
    expect(membership).toEqual({ role: 'platinum', active: true, seen: true, last_shop_id: created.shop.id });
    expect(audit).toEqual([
      { user_id: null, entity: 'shop', entity_id: String(created.shop.id), action: 'create', after: created },
    ]);
  });

  it('lets the owner sign in and work in the new shop as platinum at once', async () => {
    const res = await shopCreate([
      '--name',
      'Marsh Horology',
      '--owner',
      'bert',
      '--time-zone',
      'America/New_York',
    ]);
    expect(res.code).toBe(0);
    const { shop } = JSON.parse(res.out[0] as string);
    expect(shop.time_zone).toBe('America/New_York');

    const config = loadConfig(tdb.env);
    const db = await openDatabase(config);
    const app = await buildApp({ db, config, logger: false });
    try {
      const browser = new Browser(app);
      const signIn = await browser.signIn('bert', OWNER_PASSWORD);
      expect(signIn.json()).toMatchObject({
        shop: { id: shop.id, name: 'Marsh Horology', time_zone: 'America/New_York' },
        role: 'platinum',
        shops: [{ id: shop.id, role: 'platinum', is_new: false }],
        must_change_password: false,
      });
      const members = await browser.get(`/api/shops/${shop.id}/memberships/`);
      expect(members.statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('keeps the shop an owner already works in as where they start', async () => {
    const shopOf = async (name: string) =>
      JSON.parse((await shopCreate(['--name', name, '--owner', 'dora'])).out[0] ?? '{}').shop.id as number;
    const first = await shopOf('First');
    const second = await shopOf('Second');
    expect(second).not.toBe(first);
    const { dora, owners } = await reading(async (db) => ({
      dora: (
        await db.query<{ last_shop_id: number }>("SELECT last_shop_id FROM users WHERE username = 'dora'")
      )[0],
      owners: await db.query<{ shop_id: number }>(
        "SELECT shop_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.username = 'dora' AND m.role = 'platinum' ORDER BY shop_id",
      ),
    }));
    expect(dora?.last_shop_id).toBe(first);
    expect(owners.map((o) => o.shop_id)).toEqual([first, second]);
  });

  describe('refusals', () => {
    // Counted once around the refusals rather than around each: every count opens the database (on PGlite
    // about a second of CPU). Each case still runs the command through its own open; a case that created a
    // shop fails the last test here.
    let before: number | undefined;
    beforeAll(async () => {
      before = await shopCount();
    });

    const zone = (value: string) =>
      `time_zone: "${value}" is not a time zone name (IANA, such as Europe/London).`;
    // The command names every problem at once, one line each after the first, in the order name, owner, time
    // zone: so each run below refuses one bad name together with a bad owner and a bad time zone where the table
    // has one left, and must name all of them. Eleven refusals in five commands (each a database open) instead
    // of eleven; a check that stopped refusing, or stopped the others from being named, fails its line.
    it.each<[string, string[], string[]]>([
      [
        'a blank name, an unknown owner and an unknown time zone',
        ['--name', '   ', '--owner', 'nobody', '--time-zone', 'Mars/Olympus'],
        [
          'name: This field may not be blank.',
          'owner: No user has the username "nobody".',
          zone('Mars/Olympus'),
        ],
      ],
      [
        'a name over 200 characters, a blank owner and an offset for a zone',
        ['--name', 'x'.repeat(201), '--owner', ' ', '--time-zone', '+01:00'],
        [
          'name: Ensure this field has no more than 200 characters.',
          'owner: This field may not be blank.',
          zone('+01:00'),
        ],
      ],
      [
        'a control character in the name, an inactive owner and a zone in the wrong case',
        ['--name', 'Hart\u0007', '--owner', 'cora', '--time-zone', 'europe/london'],
        [
          'name: Control characters are not allowed.',
          'owner: The user "cora" is not active.',
          zone('europe/london'),
        ],
      ],
      [
        'a C1 control in the name',
        ['--name', 'Hart\u009b2J', '--owner', 'anna'],
        ['name: Control characters are not allowed.'],
      ],
      [
        'a direction override in the name',
        ['--name', 'Hart \u202eserolF', '--owner', 'anna'],
        ['name: Invisible characters are not allowed.'],
      ],
    ])('refuses %s with exit code 1, names each, and prints nothing', async (_case, args, messages) => {
      const res = await shopCreate(args);
      expect(res.code).toBe(1);
      expect(res.err.split('\n')).toEqual(['Could not create the shop:', ...messages]);
      expect(res.out).toEqual([]);
    });

    it('created no shop in any refused case', async () => {
      expect(before).toEqual(expect.any(Number));
      expect(await shopCount()).toBe(before);
    });
  });

  it('answers bad usage and a bad environment with exit code 2, before opening anything', async () => {
    for (const args of [
      ['--name', 'Shop'],
      ['--owner', 'anna'],
      ['--name', 'Shop', '--owner', 'anna', '--bogus'],
    ]) {
      const res = await shopCreate(args);
      expect(res.code).toBe(2);
      expect(res.err).toContain('usage: npm run shop:create -- --name "Shop name" --owner USERNAME');
    }
    const env = await shopCreate(['--name', 'Shop', '--owner', 'anna'], { ...tdb.env, PORT: 'eighty' });
    expect(env.code).toBe(2);
    expect(env.err).toContain('PORT');
  });

  it('refuses while a server holds the embedded database', async () => {
    // The lock a running server holds on its data folder (openDatabase takes it first: test/db/open.test.ts),
    // held by this process. The command is refused at its own lock, before it opens anything, so no database
    // is opened for the server here (on PostgreSQL runs that was a whole embedded database migrated from nothing).
    const dataDir = usingPostgres ? path.join(tdb.dataDir, 'embedded') : tdb.dataDir;
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOUPE_DEMO: '0' };
    const config = loadConfig(env);
    const release = await acquireDataDirLock(config.dataDir);
    try {
      const res = await shopCreate(['--name', 'Shop', '--owner', 'anna'], env);
      expect(res.code).toBe(1);
      expect(res.err).toContain(
        `Refusing to create the shop: The embedded database in ${config.dataDir} is in use by process ${process.pid}`,
      );
    } finally {
      release();
    }
  });

  it('is reached by the documented command at the repository root (npm run shop:create -- …)', () => {
    const repoRoot = path.resolve(__dirname, '..', '..', '..');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // A missing --owner is bad usage decided before any database is opened: the arguments went through.
    const res = spawnSync(npm, ['run', '--silent', 'shop:create', '--', '--name', 'Shop'], {
      cwd: repoRoot,
      env: { ...process.env, ...tdb.env },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(res.stderr).toContain('--name and --owner are required.');
    expect(res.status).toBe(2);
  }, 200_000);
});
