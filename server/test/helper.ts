import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import { Client } from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@loupe/contracts';
import { buildApp, loadConfig, openDatabase, type Config, type LoupeDb } from '../src/app';
import { hashPassword } from '../src/modules/auth/password-hasher';
import { MembershipsRepository } from '../src/modules/shops/memberships-repository';
import { UsersRepository } from '../src/modules/auth/users-repository';

export const PASSWORD = 'loupe-demo-2026';
export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A clock the tests move by hand, so expiry is tested without sleeping. */
export class Clock {
  constructor(private current = new Date('2026-03-01T09:00:00Z')) {}
  readonly now = () => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestDatabase {
  /** What to give loadConfig so that it opens this database (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  dataDir: string;
  open(overrides?: Partial<Config>, now?: () => Date): Promise<LoupeDb>;
  dispose(): Promise<void>;
}

/**
 * One database per test file: PGlite in a temporary DATA_DIR, or, when TEST_DATABASE_URL is set, a schema
 * of its own on that PostgreSQL (dropped at the end) so files can run side by side.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-test-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOUPE_DEMO: '0' };
  let schema: string | null = null;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
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

export async function resetTables(db: LoupeDb): Promise<void> {
  await db.query('TRUNCATE login_failures, sessions, memberships, shops, users RESTART IDENTITY CASCADE');
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

/**
 * The demo shop's three members, a user with no membership (loner), and another shop owned by rival with
 * one silver member (outsider).
 */
export async function seedFixtures(db: LoupeDb, now = new Date()): Promise<Fixtures> {
  const users = new UsersRepository(db);
  const memberships = new MembershipsRepository(db);
  const hash = await fixtureHash();
  const make = async (
    username: string,
    extra: { email?: string; first_name?: string; last_name?: string } = {},
  ) =>
    (await users.create({ username, passwordHash: hash, email: `${username}@example.com`, ...extra }, now))
      .id;
  const ids = {
    platinum: await make('platinum', { first_name: 'Paloma', last_name: 'Reyes' }),
    gold: await make('gold'),
    silver: await make('silver'),
    loner: await make('loner'),
    rival: await make('rival'),
    outsider: await make('outsider'),
  };
  const shop = await memberships.createShop('Loupe Demo', now);
  const other = await memberships.createShop('Rival Watches', now);
  // Established members who have seen their memberships (a new one's notice is tested where it is granted).
  await memberships.create(shop.id, ids.platinum, 'platinum', true, now, now);
  await memberships.create(shop.id, ids.gold, 'gold', true, now, now);
  await memberships.create(shop.id, ids.silver, 'silver', true, now, now);
  await memberships.create(other.id, ids.rival, 'platinum', true, now, now);
  await memberships.create(other.id, ids.outsider, 'silver', true, now, now);
  return { shopId: shop.id, otherShopId: other.id, ids };
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
