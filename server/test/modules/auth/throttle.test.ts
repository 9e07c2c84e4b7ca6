import type { FastifyInstance } from 'fastify';
import { buildApp, loadConfig } from '../../../src/app';
import { LIMITS } from '../../../src/modules/auth/login-throttle';
import { Browser, PASSWORD, testConfig, apiTestbed } from '../../helper';

const { state, rebuild } = apiTestbed({ clock: true });

const CHANGE = '/api/account/change-password/';
const WRONG = 'not-the-password';

async function browserWithCsrf(on: FastifyInstance = state.app): Promise<Browser> {
  const browser = new Browser(on);
  await browser.get('/csrf/');
  return browser;
}

/** Sends `count` sign-ins at once and tallies the status codes. */
async function parallelSignIns(count: number, body: (i: number) => object, headers?: (i: number) => object) {
  const browser = await browserWithCsrf();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      browser.post('/token/', body(i), headers ? { headers: headers(i) as Record<string, string> } : {}),
    ),
  );
  const tally: Record<number, number> = {};
  for (const answer of answers) tally[answer.statusCode] = (tally[answer.statusCode] ?? 0) + 1;
  return { answers, tally };
}

describe('sign-in throttle under concurrency', () => {
  it('lets at most 10 of 40 parallel wrong passwords be checked; the rest get 429 with Retry-After', async () => {
    const { answers, tally } = await parallelSignIns(40, () => ({ username: 'gold', password: WRONG }));
    expect(tally[400]).toBe(LIMITS.pair);
    expect(tally[429]).toBe(40 - LIMITS.pair);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(answer.headers['retry-after']).toBe('900');
      expect(answer.json()).toEqual({ detail: 'Request was throttled. Expected available in 900 seconds.' });
    }
    // The right password is refused too until the window has passed.
    const browser = await browserWithCsrf();
    expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(429);
    state.clock.advance(15 * 60_000);
    expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(200);
  });

  it('counts an unknown username exactly as a known one', async () => {
    const { tally } = await parallelSignIns(20, () => ({ username: 'nobody-here', password: WRONG }));
    expect(tally).toEqual({ 400: LIMITS.pair, 429: 20 - LIMITS.pair });
  });

  it('keeps a 150-character name that lower-cases longer within the column', async () => {
    const browser = await browserWithCsrf();
    const res = await browser.post('/token/', { username: 'İ'.repeat(150), password: WRONG });
    expect(res.statusCode).toBe(400);
  });

  it('caps one address across changing usernames', async () => {
    const { tally } = await parallelSignIns(LIMITS.address + 10, (i) => ({
      username: `guess-${i}`,
      password: WRONG,
    }));
    expect(tally).toEqual({ 400: LIMITS.address, 429: 10 });
  });

  it('does not count correct passwords: many sign-ins from one address stay allowed', async () => {
    const browser = await browserWithCsrf();
    for (let i = 0; i < LIMITS.pair + 5; i += 1) {
      expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(200);
    }
    const { tally } = await parallelSignIns(8, (i) => ({
      username: ['gold', 'silver', 'platinum'][i % 3],
      password: PASSWORD,
    }));
    expect(tally).toEqual({ 200: 8 });
  });
});

describe('client address and TRUST_PROXY', () => {
  const failFrom = (browser: Browser, address: string) =>
    browser.post(
      '/token/',
      { username: 'gold', password: WRONG },
      { headers: { 'x-forwarded-for': address } },
    );

  it('ignores a forged X-Forwarded-For when no proxy is trusted', async () => {
    const browser = await browserWithCsrf();
    for (let i = 0; i < LIMITS.pair; i += 1)
      expect((await failFrom(browser, `198.51.100.${i}`)).statusCode).toBe(400);
    // A new forged address each time did not reset the count: it is all one client.
    expect((await failFrom(browser, '198.51.100.200')).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a trusted hop, and only the hop next to it', async () => {
    await rebuild({ TRUST_PROXY: '1' });
    const browser = await browserWithCsrf();
    for (let i = 0; i < LIMITS.pair; i += 1) await failFrom(browser, '203.0.113.7');
    expect((await failFrom(browser, '203.0.113.7')).statusCode).toBe(429);
    // Another client behind the proxy is not blocked, even if it prepends the blocked address itself.
    const other = await browser.post(
      '/token/',
      { username: 'gold', password: PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.7, 203.0.113.8' } },
    );
    expect(other.statusCode).toBe(200);
  });

  it('trusts X-Forwarded-For only from a listed proxy address', async () => {
    // light-my-request connects from 127.0.0.1.
    await rebuild({ TRUST_PROXY: '10.0.0.0/8' });
    const browser = await browserWithCsrf();
    for (let i = 0; i < LIMITS.pair; i += 1) await failFrom(browser, `198.51.100.${i}`);
    expect((await failFrom(browser, '198.51.100.99')).statusCode).toBe(429);
  });

  it('refuses a request whose trusted X-Forwarded-For is not an address, before counting anything', async () => {
    await rebuild({ TRUST_PROXY: '127.0.0.1' });
    const browser = await browserWithCsrf();
    for (const junk of ['junk', '203.0.113.7:80, x', 'a'.repeat(200)]) {
      const answer = await failFrom(browser, junk);
      expect([junk, answer.statusCode, answer.body]).toEqual([junk, 400, 'Bad Request (400)']);
    }
    const checked = await browser.get('/auth-check/', { headers: { 'x-forwarded-for': 'not-an-ip' } });
    expect(checked.statusCode).toBe(400);
    // Nothing was counted: a real address behind the same proxy still has its whole budget.
    for (let i = 0; i < LIMITS.pair; i += 1)
      expect((await failFrom(browser, '203.0.113.9')).statusCode).toBe(400);
    expect((await failFrom(browser, '203.0.113.9')).statusCode).toBe(429);
  });
});

describe('change-password', () => {
  it('throttles the current-password check: after 10 wrong ones, even the right one gets 429', async () => {
    const browser = await browserWithCsrf();
    await browser.signIn('gold');
    for (let i = 0; i < LIMITS.pair; i += 1) {
      const res = await browser.post(CHANGE, {
        current_password: WRONG,
        new_password: 'a-new-long-passphrase',
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await browser.post(CHANGE, {
      current_password: PASSWORD,
      new_password: 'a-new-long-passphrase',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    // The password did not change, and the session still works.
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    state.clock.advance(15 * 60_000);
    const after = await browser.post(CHANGE, {
      current_password: PASSWORD,
      new_password: 'a-new-long-passphrase',
    });
    expect(after.statusCode).toBe(200);
  });

  it('shares the budget with sign-in: a session cannot keep guessing once sign-ins are blocked', async () => {
    const session = await browserWithCsrf();
    await session.signIn('gold');
    const attacker = await browserWithCsrf();
    for (let i = 0; i < LIMITS.pair; i += 1)
      await attacker.post('/token/', { username: 'gold', password: WRONG });
    const res = await session.post(CHANGE, {
      current_password: WRONG,
      new_password: 'a-new-long-passphrase',
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('general rate limit', () => {
  it('answers 429 with Retry-After once an address exceeds the limit, on any endpoint', async () => {
    const limited = await buildApp({
      db: state.db,
      config: testConfig(state.tdb),
      logger: false,
      now: state.clock.now,
      rateLimit: { perAddress: 5, windowMs: 60_000 },
    });
    try {
      const browser = new Browser(limited);
      for (let i = 0; i < 5; i += 1) expect((await browser.get('/auth-check/')).statusCode).toBe(200);
      // Answered before the session check, which would otherwise give this anonymous request a 401.
      const res = await browser.get('/api/profile/me/');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(res.json()).toEqual({
        detail: `Request was throttled. Expected available in ${res.headers['retry-after']} seconds.`,
      });
    } finally {
      await limited.close();
    }
  });

  it('takes its limit from RATE_LIMIT_PER_MINUTE, so an operator (or a benchmark) can set it', async () => {
    expect(loadConfig({}).rateLimit.addressPerMinute).toBe(3000);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '10' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    const limited = await buildApp({
      db: state.db,
      config: testConfig(state.tdb, { RATE_LIMIT_PER_MINUTE: '60' }),
      logger: false,
      now: state.clock.now,
    });
    try {
      const browser = new Browser(limited);
      for (let i = 0; i < 60; i += 1) expect((await browser.get('/auth-check/')).statusCode).toBe(200);
      expect((await browser.get('/auth-check/')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('is far above what the app sends: 200 requests in a row pass with the default limit', async () => {
    const browser = new Browser(state.app);
    for (let i = 0; i < 200; i += 1) expect((await browser.get('/auth-check/')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses to trust any sender', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      '::1',
    ]);
    for (const value of ['true', 'yes', 'on', 'any', '0.0.0.0/0x', '11']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be off, a hop count/);
    }
  });
});
