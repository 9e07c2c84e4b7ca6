import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import { Client } from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@loupe/contracts';
import { buildApp, loadConfig, openDatabase, type Config, type LoupeDb } from '../src/app';
import { hashPassword } from '../src/modules/auth/password-hasher';
import type { DemoSeed } from '../src/demo/seed';
import { demoTemplateFor } from './support/demo-template';
import { OPENED_RUN_DATABASE } from './jest/no-database-files.cjs';

export const PASSWORD = 'loupe-demo-2026';
export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A log for the schedulers (backups, maintenance) that keeps its lines for the test to read. */
export function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(m), error: (m: string) => lines.push(`ERROR ${m}`) };
}

/** The key tests seal stored files with (base64 of 32 bytes). */
export const TEST_FILE_KEY = Buffer.alloc(32, 7).toString('base64');

/** A clock the tests move by hand, so expiry is tested without sleeping. */
export class Clock {
  private current: Date;
  constructor(private readonly start = new Date('2026-03-01T09:00:00Z')) {
    this.current = start;
  }
  readonly now = () => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  /** Back to where it started (the testbed's file app keeps its clock from one test to the next). */
  reset(): void {
    this.current = this.start;
  }
}

export interface TestDatabase {
  /** What to give loadConfig so that it opens this database (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  dataDir: string;
  open(overrides?: Partial<Config>, now?: () => Date): Promise<LoupeDb>;
  dispose(): Promise<void>;
  /**
   * Set when the folder is a copy of the run's demo shop (createTestDatabase({ demo })): `db.seeded` of the open
   * that seeded it, which the copy's own open, finding the shop there, does not repeat.
   */
  demoSeeded?: DemoSeed | null;
}

/**
 * One database per test file: PGlite in a temporary DATA_DIR, or, when TEST_DATABASE_URL is set, a schema
 * of its own on that PostgreSQL (dropped at the end) so files can run side by side.
 */
export async function createTestDatabase(
  options: { migrated?: boolean; demo?: Date } = {},
): Promise<TestDatabase> {
  // The embedded-only files (test/jest/no-database-files.cjs) must never open the run's database.
  (globalThis as Record<symbol, unknown>)[OPENED_RUN_DATABASE] = true;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-test-'));
  // `migrated`: on PGlite, a copy of the run's migrated folder (test/jest/global-setup.ts), so that opening it
  // finds no migration to apply; for files that open the database at once anyway. Otherwise an empty folder.
  // `demo`: a copy of the run's demo shop seeded at that instant instead, when the run made one
  // (test/support/demo-template.ts): its folder on PGlite, its database on PostgreSQL. Otherwise the file's open
  // seeds its own.
  const demo = options.demo ? demoTemplateFor(options.demo) : null;
  const template = demo?.source ?? process.env.LOUPE_TEST_MIGRATED_DIR;
  if ((options.migrated || demo) && template && !process.env.TEST_DATABASE_URL) {
    cpSync(template, dataDir, { recursive: true });
  }
  // A fixed file key: stored files are sealed as in production, and no key file is generated beside DATA_DIR.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOUPE_DEMO: '0',
    LOUPE_FILE_KEY: TEST_FILE_KEY,
    // Every storefront request reads the database (the freshness tests sell and look again at once); the page
    // cache has its own tests (test/modules/storefront/page-cache.test.ts).
    STOREFRONT_PAGE_CACHE_MS: '0',
  };
  let schema: string | null = null;
  const base = process.env.TEST_DATABASE_URL;
  if (base && demo) {
    // A database of the file's own, copied by PostgreSQL from the run's demo database (a schema has no copy).
    // Named after it: the global teardown drops them together (DROP DATABASE waits for a checkpoint of the
    // whole cluster, tens of seconds while other databases are busy: not once per file, in its afterAll).
    const database = `${demo.source}_${randomBytes(6).toString('hex')}`;
    const client = new Client({ connectionString: base });
    await client.connect();
    await client.query(`CREATE DATABASE ${database} TEMPLATE ${demo.source}`);
    await client.end();
    const url = new URL(base);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  } else if (base) {
    schema = `loupe_test_${randomBytes(6).toString('hex')}`;
    const client = new Client({ connectionString: base });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  }
  return {
    env,
    dataDir,
    ...(demo ? { demoSeeded: demo.seeded } : {}),
    async open(overrides = {}, now) {
      return openDatabase({ ...loadConfig(env), ...overrides }, { now });
    },
    async dispose() {
      if (schema && base) {
        const client = new Client({ connectionString: base });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a file's hook makes, read in a test: one read before the hook has run (at a file's top level, say) would
 * otherwise be undefined.
 */
function readyIn<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is not there yet: read it in a test or hook`);
  return value;
}

/**
 * One migrated database (on PGlite a copy of the run's template) opened for the whole file that calls this,
 * closed and removed after it: for files whose subject is not opening or migrating a database. Read `db` and
 * `tdb` inside a test or hook.
 */
export function fileDatabase(): { readonly tdb: TestDatabase; readonly db: LoupeDb } {
  let tdb: TestDatabase | undefined;
  let db: LoupeDb | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase({ migrated: true });
    db = await tdb.open();
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.dispose();
  });
  return {
    get tdb() {
      return readyIn(tdb, 'tdb');
    },
    get db() {
      return readyIn(db, 'db');
    },
  };
}

const RESET_ROOTS = ['login_failures', 'sessions', 'memberships', 'shops', 'users'];

/** Per embedded database: what TRUNCATE … CASCADE would empty (and audit_log), and the sequences they own. */
const emptying = new WeakMap<LoupeDb, Promise<{ tables: string[]; sequences: string[] }>>();

async function whatResetEmpties(db: LoupeDb): Promise<{ tables: string[]; sequences: string[] }> {
  // The roots and every table that references one of them, however indirectly (TRUNCATE's CASCADE).
  const rows = await db.query<{ name: string }>(
    `WITH RECURSIVE hit(oid) AS (
       SELECT c.oid FROM pg_class c
        WHERE c.relname = ANY($1::text[]) AND c.relnamespace = current_schema()::regnamespace
       UNION
       SELECT con.conrelid FROM pg_constraint con JOIN hit ON con.confrelid = hit.oid WHERE con.contype = 'f'
     )
     SELECT oid::regclass::text AS name FROM hit`,
    [RESET_ROOTS],
  );
  const tables = [...rows.map((r) => r.name), 'audit_log'];
  // RESTART IDENTITY: the sequences those tables own (serial and identity columns).
  const seqs = await db.query<{ name: string }>(
    `SELECT DISTINCT d.objid::regclass::text AS name
       FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
        AND d.deptype IN ('a', 'i') AND d.refobjid = ANY($1::regclass[])`,
    [tables],
  );
  return { tables, sequences: seqs.map((r) => r.name) };
}

/**
 * Empties what resetTables empties as DELETEs with triggers and foreign-key checks off for the transaction
 * (session_replication_role, which the embedded database's superuser may set), then restarts the sequences:
 * the same tables left empty and the same ids next, without TRUNCATE's new files for every table and index
 * (~350 ms a test on PGlite, ~30 ms this way).
 */
async function emptyEmbedded(db: LoupeDb): Promise<void> {
  let plan = emptying.get(db);
  if (!plan) {
    plan = whatResetEmpties(db);
    emptying.set(db, plan);
  }
  const { tables, sequences } = await plan;
  await db.transaction((tx) =>
    tx.exec(
      [
        'SET LOCAL session_replication_role = replica',
        ...tables.map((t) => `DELETE FROM ${t}`),
        ...sequences.map(
          (s) =>
            `SELECT setval('${s}', (SELECT seqstart FROM pg_sequence WHERE seqrelid = '${s}'::regclass), false)`,
        ),
      ].join(';\n'),
    ),
  );
}

/**
 * PostgreSQL's plan: the same tables, in an order that deletes every referencing row before the row it
 * references (null when the foreign keys among them form a cycle, which a sequence of DELETEs cannot follow),
 * which of them have triggers of their own, and the query that names the ones holding rows.
 */
interface ServerPlan {
  tables: string[];
  sequences: string[];
  order: string[] | null;
  triggered: Set<string>;
  holdingRows: string;
}
const serverPlans = new WeakMap<LoupeDb, Promise<ServerPlan>>();

async function planServerReset(db: LoupeDb): Promise<ServerPlan> {
  const { tables, sequences } = await whatResetEmpties(db);
  const edges = await db.query<{ child: string; parent: string }>(
    `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
       FROM pg_constraint
      WHERE contype = 'f' AND conrelid <> confrelid
        AND conrelid = ANY($1::regclass[]) AND confrelid = ANY($1::regclass[])`,
    [tables],
  );
  const triggers = await db.query<{ name: string }>(
    `SELECT DISTINCT tgrelid::regclass::text AS name FROM pg_trigger
      WHERE NOT tgisinternal AND tgrelid = ANY($1::regclass[])`,
    [tables],
  );
  // Referencing tables first (a depth-first walk over "is referenced by"); a table met again while still on
  // the walk's path is a cycle.
  const referencedBy = new Map<string, string[]>(tables.map((t) => [t, []]));
  for (const { child, parent } of edges) referencedBy.get(parent)?.push(child);
  const order: string[] = [];
  const state = new Map<string, 'walking' | 'done'>();
  let cycle = false;
  const visit = (table: string): void => {
    const seen = state.get(table);
    if (seen === 'done') return;
    if (seen === 'walking') {
      cycle = true;
      return;
    }
    state.set(table, 'walking');
    for (const child of referencedBy.get(table) ?? []) visit(child);
    state.set(table, 'done');
    order.push(table);
  };
  for (const table of tables) visit(table);
  const quote = (name: string) => `'${name.replaceAll("'", "''")}'`;
  return {
    tables,
    sequences,
    order: cycle ? null : order,
    triggered: new Set(triggers.map((t) => t.name)),
    holdingRows: tables
      .map((t) => `SELECT ${quote(t)} AS name WHERE EXISTS (SELECT 1 FROM ${t})`)
      .join('\nUNION ALL\n'),
  };
}

/**
 * On PostgreSQL, TRUNCATE gives each of the ~100 tables it empties (and their indexes) new files, even the
 * empty ones: ~1.7 s a test on this machine's shared server. Here one query finds the tables that hold rows
 * (after a test, a handful) and only those are emptied, by DELETEs in foreign-key order with their own
 * triggers off for the transaction (TRUNCATE fires no row triggers either: the finance day sums, the audit
 * trail's refusal of DELETE), then every sequence TRUNCATE's RESTART IDENTITY would restart is restarted.
 * The same tables end empty and the same ids come next. A cycle of foreign keys falls back to TRUNCATE.
 */
async function emptyServer(db: LoupeDb): Promise<boolean> {
  let plan = serverPlans.get(db);
  if (!plan) {
    plan = planServerReset(db);
    serverPlans.set(db, plan);
  }
  const { order, triggered, holdingRows, sequences } = await plan;
  if (!order) return false;
  const holding = new Set((await db.query<{ name: string }>(holdingRows)).map((r) => r.name));
  const emptied = order.filter((t) => holding.has(t));
  const quiet = emptied.filter((t) => triggered.has(t));
  await db.transaction((tx) =>
    tx.exec(
      [
        ...quiet.map((t) => `ALTER TABLE ${t} DISABLE TRIGGER USER`),
        ...emptied.map((t) => `DELETE FROM ${t}`),
        ...quiet.map((t) => `ALTER TABLE ${t} ENABLE TRIGGER USER`),
        `SELECT ${
          sequences
            .map(
              (s) =>
                `setval('${s}', (SELECT seqstart FROM pg_sequence WHERE seqrelid = '${s}'::regclass), false)`,
            )
            .join(', ') || '1'
        }`,
      ].join(';\n'),
    ),
  );
  return true;
}

export async function resetTables(db: LoupeDb): Promise<void> {
  if (db.kind === 'pglite') return emptyEmbedded(db);
  if (await emptyServer(db)) return;
  await db.query('TRUNCATE login_failures, sessions, memberships, shops, users RESTART IDENTITY CASCADE');
  // The audit trail outlives users and shops (no cascade) and refuses TRUNCATE: the owner lifts that, in one
  // transaction, for the reset only.
  await db.transaction((tx) =>
    tx.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate;
      TRUNCATE audit_log RESTART IDENTITY;
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate`),
  );
}

let passwordHash: Promise<string> | undefined;
/** Hashing is deliberately slow: fixtures share one hash of PASSWORD. */
export const fixtureHash = () => (passwordHash ??= hashPassword(PASSWORD));

/** A hash as the server wrote them before argon2id (`scrypt$N$r$p$salt$hash`, N = 2^15). */
export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 << 20 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export interface Fixtures {
  shopId: number;
  otherShopId: number;
  ids: Record<'platinum' | 'gold' | 'silver' | 'loner' | 'rival' | 'outsider', number>;
}

/** The fixtures' users in the order their ids are given, with what differs from the defaults. */
const FIXTURE_USERS: Array<[keyof Fixtures['ids'], string, string]> = [
  ['platinum', 'Paloma', 'Reyes'],
  ['gold', '', ''],
  ['silver', '', ''],
  ['loner', '', ''],
  ['rival', '', ''],
  ['outsider', '', ''],
];
/** Shop (0: Loupe Demo, 1: Rival Watches), member, role: in the order their ids are given. */
const FIXTURE_MEMBERSHIPS: Array<[0 | 1, keyof Fixtures['ids'], string]> = [
  [0, 'platinum', 'platinum'],
  [0, 'gold', 'gold'],
  [0, 'silver', 'silver'],
  [1, 'rival', 'platinum'],
  [1, 'outsider', 'silver'],
];

/**
 * The demo shop's three members, a user with no membership (loner), and another shop owned by rival with
 * one silver member (outsider). Established members who have seen their memberships (a new one's notice is
 * tested where it is granted).
 *
 * One statement instead of thirteen calls of UsersRepository.create, createShop and MembershipsRepository.create
 * (each a round trip, and a commit on PostgreSQL), run before every test: the rows are the ones those calls
 * write, column for column, ids in the same order, which test/testbed-reset.test.ts checks against the
 * repositories themselves.
 */
export async function seedFixtures(db: LoupeDb, now = new Date()): Promise<Fixtures> {
  const hash = await fixtureHash();
  const users = FIXTURE_USERS.map(
    (_, i) =>
      `($${5 * i + 2}::text, $${5 * i + 3}::text, $${5 * i + 4}::text, $${5 * i + 5}::text, $${5 * i + 6}::text, ${i})`,
  );
  const params: unknown[] = [now];
  for (const [username, first, last] of FIXTURE_USERS) {
    params.push(username, `${username}@example.com`, first, last, hash);
  }
  const memberships = FIXTURE_MEMBERSHIPS.map(
    ([shop, username, role], i) => `(${shop}, '${username}', '${role}', ${i})`,
  );
  const rows = await db.query<{ kind: 'user' | 'shop'; key: string; id: number }>(
    `WITH new_users AS (
       INSERT INTO users (username, email, first_name, last_name, password_hash, date_joined, must_change_password)
       SELECT username, email, first_name, last_name, password_hash, $1::timestamptz, false
         FROM (VALUES ${users.join(', ')}) AS v(username, email, first_name, last_name, password_hash, n)
        ORDER BY n
       RETURNING id, username
     ), new_shops AS (
       INSERT INTO shops (name, created_at, timezone)
       SELECT name, $1::timestamptz, 'Europe/London' FROM (VALUES ('Loupe Demo', 0), ('Rival Watches', 1)) AS v(name, n)
        ORDER BY n
       RETURNING id, name
     ), shop_order AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM new_shops
     ), new_memberships AS (
       INSERT INTO memberships (shop_id, user_id, role, active, created_at, updated_at, seen_at)
       SELECT s.id, u.id, m.role, true, $1::timestamptz, $1::timestamptz, $1::timestamptz
         FROM (VALUES ${memberships.join(', ')}) AS m(shop, username, role, n)
         JOIN shop_order s ON s.n = m.shop JOIN new_users u ON u.username = m.username
        ORDER BY m.n
       RETURNING id
     )
     SELECT 'user' AS kind, username AS key, id FROM new_users
     UNION ALL SELECT 'shop', name, id FROM new_shops
     UNION ALL SELECT 'shop', 'memberships', count(*)::int FROM new_memberships`,
    params,
  );
  const id = (kind: 'user' | 'shop', key: string) => {
    const row = rows.find((r) => r.kind === kind && r.key === key);
    if (!row) throw new Error(`the fixtures did not write ${key}`);
    return Number(row.id);
  };
  const ids = Object.fromEntries(FIXTURE_USERS.map(([username]) => [username, id('user', username)]));
  return {
    shopId: id('shop', 'Loupe Demo'),
    otherShopId: id('shop', 'Rival Watches'),
    ids: ids as Fixtures['ids'],
  };
}

export function testConfig(db: TestDatabase, overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...db.env, ...overrides });
}

export async function buildTestApp(db: LoupeDb, config: Config, clock?: Clock): Promise<FastifyInstance> {
  return buildApp({ db, config, logger: false, now: clock?.now });
}

export interface SendOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-CSRFToken header. */
  noCsrf?: boolean;
}

/** A browser: keeps cookies like one and echoes csrftoken in X-CSRFToken on unsafe calls, as the client does. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  get csrf(): string | undefined {
    return this.cookies.get(CSRF_COOKIE);
  }

  async send(
    method: InjectOptions['method'],
    url: string,
    options: SendOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method));
    if (unsafe && !options.noCsrf && this.csrf) headers[CSRF_HEADER] = this.csrf;
    Object.assign(headers, options.headers);
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options?: SendOptions) {
    return this.send('GET', url, options);
  }
  post(url: string, body?: unknown, options: SendOptions = {}) {
    return this.send('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options: SendOptions = {}) {
    return this.send('PUT', url, { ...options, body });
  }

  async signIn(username: string, password = PASSWORD): Promise<LightMyRequestResponse> {
    if (!this.csrf) await this.get('/csrf/');
    const response = await this.post('/token/', { username, password });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
    return response;
  }
}

/** Who a test acts as: a fixture user, signed in, or an anonymous visitor that has its CSRF cookie. */
export type Caller = keyof Fixtures['ids'] | 'anonymous';

type AppBuilder = (db: LoupeDb, config: Config, clock?: Clock) => Promise<FastifyInstance>;

export interface TestbedOptions {
  /** Variables for the file's app on top of the test database's own (e.g. ALLOWED_HOSTS). */
  env?: Record<string, string>;
  /** The app runs on a Clock the tests move (`state.clock`) instead of real time. */
  clock?: boolean;
  /**
   * Open the database with the demo data as a fresh start seeds it at this instant, instead of the fixtures;
   * tables and uploads are then left as the seeding wrote them.
   */
  demo?: Date;
  /** Rows each start needs beyond the fixtures: written after them, before the app is built. */
  seed?: (db: LoupeDb, fx: Fixtures) => Promise<unknown>;
  /** How an app is made (buildTestApp unless told), or false: no app until a test or hook calls rebuild. */
  app?: AppBuilder | false;
  /**
   * 'test': tables reset, fixtures seeded and the app as new before each test. 'file': once, for files whose
   * tests only read, or start apps of their own.
   */
  per?: 'test' | 'file';
  /**
   * With per 'test': a new app for every test. Without it the file's one app is kept from test to test, told to
   * forget what it kept in memory about the database (`app.inMemoryState`, src/kernel/in-memory-state.ts) when a
   * test ends and to take its background work up again once the next test's tables are in place: building the
   * app's ~300 routes was a quarter of an API test's CPU (issue 26, goal 5). For files whose tests change the app
   * itself (its hooks, routes or decorations) or close it.
   */
  newAppEachTest?: boolean;
}

/** What a testbed holds while its file runs. */
export interface TestbedState {
  readonly tdb: TestDatabase;
  readonly db: LoupeDb;
  readonly app: FastifyInstance;
  readonly fx: Fixtures;
  readonly clock: Clock;
  readonly uploadsDir: string;
}

export interface ApiTestbed {
  state: TestbedState;
  /** A browser on `state.app`, signed in as `caller`. */
  as(caller: Caller): Promise<Browser>;
  /** Replaces `state.app` by one with exactly `env` (the file's own when not given). */
  rebuild(env?: Record<string, string>): Promise<FastifyInstance>;
  /** Another app on the same database and clock, with exactly `env`; closed when the test (or file) ends. */
  appWith(env?: Record<string, string>): Promise<FastifyInstance>;
}

interface PhaseTotals {
  wall: number;
  cpu: number;
  count: number;
}

/**
 * With LOUPE_TEST_PHASES=1, where a file's time goes, per test: the reset, the fixtures, the file's own seed,
 * the app build, sign-ins, and the rest (the test itself, its hooks, closing the app), printed when the file
 * ends. CPU is the process's (every thread: the embedded database, argon2's workers). Off, it costs nothing.
 */
function phaseTimer() {
  const on = process.env.LOUPE_TEST_PHASES === '1';
  const totals = new Map<string, PhaseTotals>();
  let tests = 0;
  let startedAt: { wall: number; cpu: number } | null = null;
  let inPhases = { wall: 0, cpu: 0 };
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const add = (name: string, wall: number, cpu: number) => {
    const t = totals.get(name) ?? { wall: 0, cpu: 0, count: 0 };
    t.wall += wall;
    t.cpu += cpu;
    t.count += 1;
    totals.set(name, t);
  };
  return {
    begin() {
      if (!on) return;
      startedAt = { wall: performance.now(), cpu: cpuMs() };
      inPhases = { wall: 0, cpu: 0 };
    },
    async time<T>(name: string, work: () => Promise<T>): Promise<T> {
      if (!on) return work();
      const wall = performance.now();
      const cpu = cpuMs();
      try {
        return await work();
      } finally {
        const dw = performance.now() - wall;
        const dc = cpuMs() - cpu;
        add(name, dw, dc);
        inPhases.wall += dw;
        inPhases.cpu += dc;
      }
    },
    end() {
      if (!on || !startedAt) return;
      tests += 1;
      add('rest', performance.now() - startedAt.wall - inPhases.wall, cpuMs() - startedAt.cpu - inPhases.cpu);
      startedAt = null;
    },
    report() {
      if (!on || tests === 0) return;
      const lines = [...totals].map(
        ([name, t]) =>
          `${name.padEnd(10)} ${String(t.count).padStart(4)}x  wall ${(t.wall / tests).toFixed(1).padStart(7)} ms/test` +
          `  cpu ${(t.cpu / tests).toFixed(1).padStart(7)} ms/test  (total wall ${(t.wall / 1000).toFixed(2)} s)`,
      );
      process.stderr.write(
        `phases of ${expect.getState().testPath ?? 'file'} (${tests} tests, ${usingPostgres ? 'PostgreSQL' : 'PGlite'}):\n${lines.join('\n')}\n`,
      );
    },
  };
}

/**
 * One database for the test file that calls it, and per test (or per file, see `per`): empty tables but
 * for the fixtures' users and shops, an empty uploads folder, and an app on them.
 */
export function apiTestbed(options: TestbedOptions = {}): ApiTestbed {
  const build: AppBuilder = options.app || buildTestApp;
  let tdb: TestDatabase | undefined;
  let db: LoupeDb | undefined;
  let app: FastifyInstance | undefined;
  let fx: Fixtures | undefined;
  let clock: Clock | undefined;
  let others: FastifyInstance[] = [];
  // Whether `app` is the file's own, kept from one test to the next (not one a test rebuilt with its own env).
  let kept = false;
  const keepApp = options.per !== 'file' && !options.newAppEachTest && options.app !== false;
  const phases = phaseTimer();

  const ready = <T>(value: T | undefined, name: string): T => readyIn(value, `state.${name}`);
  const state: TestbedState = {
    get tdb() {
      return ready(tdb, 'tdb');
    },
    get db() {
      return ready(db, 'db');
    },
    get app() {
      return ready(app, 'app');
    },
    get fx() {
      return ready(fx, 'fx');
    },
    get clock() {
      if (!options.clock) throw new Error('this testbed runs on real time: apiTestbed({ clock: true })');
      return ready(clock, 'clock');
    },
    get uploadsDir() {
      return testConfig(state.tdb, options.env).uploadsDir;
    },
  };

  const makeApp = (env = options.env) => build(state.db, testConfig(state.tdb, env), clock);

  async function start(): Promise<void> {
    phases.begin();
    if (!options.demo) {
      await phases.time('reset', () => resetTables(state.db));
      fx = await phases.time('fixtures', () => seedFixtures(state.db));
      await phases.time('seed', async () => {
        await options.seed?.(state.db, fx as Fixtures);
        rmSync(state.uploadsDir, { recursive: true, force: true });
      });
    }
    if (options.clock) {
      if (clock && kept) clock.reset();
      else clock = new Clock();
    }
    if (app && kept) {
      const running = app;
      await phases.time('app resume', () => running.inMemoryState.resume());
    } else if (options.app !== false) {
      app = await phases.time('app build', () => makeApp());
      kept = keepApp;
    }
  }
  async function stop(end: 'test' | 'file' = 'test'): Promise<void> {
    const keep = kept && end === 'test' ? app : undefined;
    const open = app && app !== keep ? [app, ...others] : others;
    if (!keep) {
      app = undefined;
      kept = false;
    }
    others = [];
    await phases.time('app close', () => Promise.all(open.map((each) => each.close())));
    if (keep) await phases.time('app forget', () => keep.inMemoryState.forget());
    phases.end();
  }

  beforeAll(async () => {
    const demo = options.demo;
    tdb = await createTestDatabase({ migrated: true, demo });
    db = await (demo ? tdb.open({ demo: true }, () => demo) : tdb.open());
    // A copy of the run's demo shop: what the open that seeded it returned (this open found the shop there).
    if (tdb.demoSeeded !== undefined) db = Object.assign(db, { seeded: tdb.demoSeeded });
    if (options.per === 'file') await start();
  });
  afterAll(async () => {
    phases.report();
    await stop('file');
    await db?.close();
    await tdb?.dispose();
  });
  if (options.per !== 'file') {
    beforeEach(start);
    afterEach(() => stop('test'));
  }

  return {
    state,
    async as(caller) {
      const browser = new Browser(state.app);
      if (caller === 'anonymous') await browser.get('/csrf/');
      else await phases.time('sign-in', () => browser.signIn(caller));
      return browser;
    },
    async rebuild(env) {
      await app?.close();
      app = undefined;
      kept = false;
      app = await makeApp(env);
      return app;
    },
    async appWith(env) {
      const other = await makeApp(env);
      others.push(other);
      return other;
    },
  };
}
