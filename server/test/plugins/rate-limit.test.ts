import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '@loupe/contracts';
import { buildApp, loadConfig } from '../../src/app';
import { SessionsRepository } from '../../src/modules/auth/sessions-repository';
import type { RateLimits } from '../../src/plugins/rate-limit';
import { Browser, apiTestbed, testConfig } from '../helper';

// Apps of their own, each with small limits; the fixtures (gold, silver…) are seeded before each test.
const { state } = apiTestbed({ app: false });

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function limitedApp(limits: Partial<RateLimits>, env: Record<string, string> = {}) {
  const app = await buildApp({
    db: state.db,
    config: testConfig(state.tdb, env),
    logger: false,
    rateLimit: limits,
  });
  apps.push(app);
  return app;
}

async function signedIn(app: FastifyInstance, username: string): Promise<Browser> {
  const browser = new Browser(app);
  await browser.signIn(username);
  return browser;
}

/** A session cookie of the right form that names no session: what a script would make up. */
const inventedCookie = () => `${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`;

function expectThrottled(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    detail: `Request was throttled. Expected available in ${seconds} seconds.`,
  });
}

/** A 429 names the limit that refused it; an answer under every limit names none (server README, Request limits). */
function expectLimitHeaders(res: LightMyRequestResponse, limit: number): void {
  expect(res.statusCode).toBe(429);
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
}
const limitHeadersOf = (res: LightMyRequestResponse) =>
  Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'));

/** Sends `count` requests in a row and returns their status codes. */
async function statuses(count: number, send: () => Promise<LightMyRequestResponse>): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) codes.push((await send()).statusCode);
  return codes;
}

const ok = (count: number) => Array<number>(count).fill(200);

describe('per-session limit for signed-in staff', () => {
  it('gives two sessions from one address (a shop behind its router) an allowance each', async () => {
    // Two sign-ins cost 4 anonymous requests (CSRF cookie, then the token call) of the address's 6.
    const app = await limitedApp({ perSession: 5, perAddress: 6, floodPerAddress: 1000 });
    const gold = await signedIn(app, 'gold');
    const silver = await signedIn(app, 'silver');

    // 5 + 5 signed-in requests from the one address: more than its 6, yet none refused.
    expect(await statuses(5, () => gold.get('/auth-check/'))).toEqual(ok(5));
    const fifth = await silver.get('/auth-check/');
    expect(fifth.statusCode).toBe(200);
    expect(fifth.json()).toMatchObject({ user: { username: 'silver' } });
    // Under its limit an answer says nothing of it.
    expect(limitHeadersOf(fifth)).toEqual([]);
    expect(await statuses(4, () => silver.get('/auth-check/'))).toEqual(ok(4));
    // Past it, the 429 reports the session's limit.
    const sixth = await silver.get('/auth-check/');
    expectThrottled(sixth);
    expectLimitHeaders(sixth, 5);
    // The address's own allowance is untouched by them: anonymous requests still have 2 left.
    expect(await statuses(2, () => new Browser(app).get('/csrf/'))).toEqual(ok(2));
    const anonymous = await new Browser(app).get('/csrf/');
    expectThrottled(anonymous);
    expectLimitHeaders(anonymous, 6);
  });

  it('refuses one session past its limit with 429 and Retry-After while another session from the same address carries on', async () => {
    const app = await limitedApp({ perSession: 3, perAddress: 10, floodPerAddress: 1000 });
    const gold = await signedIn(app, 'gold');
    const silver = await signedIn(app, 'silver');

    expect(await statuses(3, () => gold.get('/auth-check/'))).toEqual(ok(3));
    const refused = await gold.get('/auth-check/');
    expectThrottled(refused);
    expectLimitHeaders(refused, 3);
    // Any route, and before the route's own checks (this one would otherwise answer 200).
    expectThrottled(await gold.get('/api/profile/me/'));

    // Same address, another session: its own three.
    expect(await statuses(3, () => silver.get('/auth-check/'))).toEqual(ok(3));
    expectThrottled(await silver.get('/auth-check/'));
    // And a third member signing in now is not held back by either.
    const platinum = await signedIn(app, 'platinum');
    expect((await platinum.get('/api/profile/me/')).statusCode).toBe(200);
  });

  it('takes its limit from RATE_LIMIT_SESSION_PER_MINUTE', async () => {
    const app = await buildApp({
      db: state.db,
      config: testConfig(state.tdb, { RATE_LIMIT_SESSION_PER_MINUTE: '60' }),
      logger: false,
    });
    apps.push(app);
    const gold = await signedIn(app, 'gold');
    expect(await statuses(60, () => gold.get('/auth-check/'))).toEqual(ok(60));
    expectThrottled(await gold.get('/auth-check/'));
    // The address's limit (3000 by default) is not what refused it: an anonymous request passes.
    expect((await new Browser(app).get('/auth-check/')).statusCode).toBe(200);
  });
});

describe('per-address limit for anonymous traffic', () => {
  it('refuses anonymous requests over the address limit, and only from that address', async () => {
    const app = await limitedApp({ perSession: 100, perAddress: 4, floodPerAddress: 1000 });
    // Signed in first (2 of the 4), so the member is shown to carry on once the address's allowance is spent.
    const gold = await signedIn(app, 'gold');
    const anonymous = new Browser(app);
    const third = await anonymous.get('/auth-check/');
    expect(third.statusCode).toBe(200);
    expect(limitHeadersOf(third)).toEqual([]);
    expect((await anonymous.get('/api/profile/me/')).statusCode).toBe(401);
    // Refused before the session check, which would otherwise answer this anonymous request 401 again.
    const refused = await anonymous.get('/api/profile/me/');
    expectThrottled(refused);
    expectLimitHeaders(refused, 4);
    expectThrottled(await anonymous.get('/csrf/'));
    expectThrottled(await anonymous.get('/no-such-route/'));
    // Sign-in is anonymous traffic too.
    expectThrottled(await new Browser(app).post('/token/', { username: 'gold', password: 'x' }));

    expect((await gold.get('/auth-check/')).statusCode).toBe(200);
    const elsewhere = await app.inject({ method: 'GET', url: '/auth-check/', remoteAddress: '192.0.2.7' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped one as its IPv4 address', async () => {
    const app = await limitedApp({ perSession: 100, perAddress: 3, floodPerAddress: 1000 });
    const from = (remoteAddress: string) => () =>
      app.inject({ method: 'GET', url: '/auth-check/', remoteAddress });
    // Two hosts of one /64 share its allowance; the next /64 has its own.
    expect(await statuses(2, from('2001:db8:1:2::10'))).toEqual(ok(2));
    expect(await statuses(2, from('2001:db8:1:2:ffff::1'))).toEqual([200, 429]);
    expect(await statuses(3, from('2001:db8:1:3::10'))).toEqual(ok(3));
    // ::ffff:192.0.2.9 is 192.0.2.9 as an IPv6 socket reports it.
    expect(await statuses(2, from('192.0.2.9'))).toEqual(ok(2));
    expect(await statuses(2, from('::ffff:192.0.2.9'))).toEqual([200, 429]);
    expect(await statuses(1, from('192.0.2.10'))).toEqual(ok(1));
  });

  it('counts made-up session cookies against the address, as if they had none', async () => {
    const app = await limitedApp({ perSession: 100, perAddress: 3, floodPerAddress: 1000 });
    // A fresh made-up cookie each time: none names a session, so all three spend the address's allowance.
    const invented = () =>
      app.inject({ method: 'GET', url: '/auth-check/', headers: { cookie: inventedCookie() } });
    expect(await statuses(3, invented)).toEqual(ok(3));
    expectThrottled(await invented());
    // On a route that needs a session: 429 rather than 401, the cookie earns nothing.
    const me = await app.inject({
      method: 'GET',
      url: '/api/profile/me/',
      headers: { cookie: inventedCookie() },
    });
    expectThrottled(me);
    expectThrottled(await app.inject({ method: 'GET', url: '/auth-check/' }));
  });

  it('refuses requests past the flood ceiling before their session is looked up, made-up cookies or not', async () => {
    const lookups = jest.spyOn(SessionsRepository.prototype, 'findLive');
    try {
      // Signing in spends 2 of the address's 5 anonymous requests, and 2 of its 12 in all.
      const app = await limitedApp({ perSession: 100, perAddress: 5, floodPerAddress: 12 });
      const gold = await signedIn(app, 'gold');
      const invented = () =>
        app.inject({ method: 'GET', url: '/api/profile/me/', headers: { cookie: inventedCookie() } });
      // 3 × 401 (the anonymous allowance), then 429s that each still cost a lookup, up to the ceiling.
      const codes = await statuses(8, invented);
      expect(codes).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
      expect((await gold.get('/auth-check/')).statusCode).toBe(200); // the 11th
      expect((await gold.get('/auth-check/')).statusCode).toBe(200); // the 12th: the ceiling
      lookups.mockClear();
      // Past the ceiling nothing more is looked up, whatever the cookie says.
      for (let i = 0; i < 5; i += 1) expectThrottled(await invented());
      expect(lookups).not.toHaveBeenCalled();
      // The ceiling counts every request from the address, a live session's included…
      const flooded = await gold.get('/auth-check/');
      expectThrottled(flooded);
      expectLimitHeaders(flooded, 12);
      // …and only that address's.
      const elsewhere = await app.inject({
        method: 'GET',
        url: '/auth-check/',
        headers: { cookie: inventedCookie() },
        remoteAddress: '192.0.2.7',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      lookups.mockRestore();
    }
  });

  it('keeps RATE_LIMIT_PER_MINUTE, the single limit of earlier releases, as the default of both limits', async () => {
    const app = await buildApp({
      db: state.db,
      config: testConfig(state.tdb, { RATE_LIMIT_PER_MINUTE: '60' }),
      logger: false,
    });
    apps.push(app);
    const gold = await signedIn(app, 'gold');
    expect(await statuses(60, () => gold.get('/auth-check/'))).toEqual(ok(60));
    expectThrottled(await gold.get('/auth-check/'));
    const anonymous = new Browser(app);
    expect(await statuses(58, () => anonymous.get('/auth-check/'))).toEqual(ok(58));
    expectThrottled(await anonymous.get('/auth-check/'));
  });
});

describe('RATE_LIMIT_* environment', () => {
  it('defaults to 3000 a session and 3000 an address (the earlier single limit), and a flood ceiling ten times the larger', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      sessionPerMinute: 3000,
      addressPerMinute: 3000,
      floodPerMinute: 30_000,
    });
    expect(
      loadConfig({ RATE_LIMIT_SESSION_PER_MINUTE: '6000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100' }).rateLimit,
    ).toEqual({ sessionPerMinute: 6000, addressPerMinute: 100, floodPerMinute: 60_000 });
  });

  it('reads RATE_LIMIT_PER_MINUTE as the default of both limits, the specific variables winning', () => {
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '100000000' }).rateLimit).toEqual({
      sessionPerMinute: 100_000_000,
      addressPerMinute: 100_000_000,
      floodPerMinute: 1_000_000_000,
    });
    expect(
      loadConfig({ RATE_LIMIT_PER_MINUTE: '5000', RATE_LIMIT_SESSION_PER_MINUTE: '900' }).rateLimit,
    ).toEqual({ sessionPerMinute: 900, addressPerMinute: 5000, floodPerMinute: 50_000 });
    expect(
      loadConfig({ RATE_LIMIT_PER_MINUTE: '5000', RATE_LIMIT_FLOOD_PER_MINUTE: '7000' }).rateLimit,
    ).toEqual({ sessionPerMinute: 5000, addressPerMinute: 5000, floodPerMinute: 7000 });
  });

  it.each([
    ['RATE_LIMIT_SESSION_PER_MINUTE', 'lots', 'a whole number from 60 to 100000000'],
    ['RATE_LIMIT_SESSION_PER_MINUTE', '59', 'a whole number from 60 to 100000000'],
    ['RATE_LIMIT_ADDRESS_PER_MINUTE', '-1', 'a whole number from 60 to 100000000'],
    ['RATE_LIMIT_ADDRESS_PER_MINUTE', '1e4', 'a whole number from 60 to 100000000'],
    ['RATE_LIMIT_FLOOD_PER_MINUTE', '2000000000', 'a whole number from 60 to 1000000000'],
    ['RATE_LIMIT_PER_MINUTE', '10', 'a whole number from 60 to 100000000'],
  ])('refuses %s=%s at startup', (name, value, expected) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be ${expected} (got "${value}")`);
  });

  it('refuses a flood ceiling below either limit, and reports every mistake at once', () => {
    expect(() =>
      loadConfig({ RATE_LIMIT_ADDRESS_PER_MINUTE: '3000', RATE_LIMIT_FLOOD_PER_MINUTE: '2000' }),
    ).toThrow(
      'RATE_LIMIT_FLOOD_PER_MINUTE counts every request from an address, signed in or not, so it must be at least ' +
        'RATE_LIMIT_SESSION_PER_MINUTE (3000) and RATE_LIMIT_ADDRESS_PER_MINUTE (3000) (got 2000)',
    );
    expect(() =>
      loadConfig({ RATE_LIMIT_SESSION_PER_MINUTE: '5000', RATE_LIMIT_FLOOD_PER_MINUTE: '4000' }),
    ).toThrow(/RATE_LIMIT_FLOOD_PER_MINUTE .* \(got 4000\)/);
    let message = '';
    try {
      loadConfig({ RATE_LIMIT_SESSION_PER_MINUTE: 'x', RATE_LIMIT_ADDRESS_PER_MINUTE: '0', PORT: 'y' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment:/);
    expect(message).toContain('RATE_LIMIT_SESSION_PER_MINUTE must be');
    expect(message).toContain('RATE_LIMIT_ADDRESS_PER_MINUTE must be');
    expect(message).toContain('PORT must be');
    // One mistake is reported once, not again as a flood ceiling below a limit it could not read.
    expect(message).not.toContain('RATE_LIMIT_FLOOD_PER_MINUTE');
  });
});
