import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '@loupe/contracts';
import { buildApp } from '../../src/app';
import { createAccount } from '../../src/modules/auth/accounts';
import { MembershipsRepository } from '../../src/modules/shops/memberships-repository';
import { BODY_LIMIT_BYTES } from '../../src/plugins/error-handling';
import { MUST_CHANGE_PASSWORD } from '../../src/plugins/password-change';
import { Browser, apiTestbed, testConfig } from '../helper';

const FIRST_PASSWORD = 'handed-over-1926';

// Every test only reads (each answer is given before any handler runs), so one app and database serve the file.
const { state } = apiTestbed({
  per: 'file',
  seed: async (db, fx) => {
    const now = new Date();
    const user = await createAccount(
      db,
      { username: 'newcomer', password: FIRST_PASSWORD, mustChangePassword: true },
      now,
    );
    await new MembershipsRepository(db).create(fx.shopId, user.id, 'gold', true, now, now);
  },
});

/** The headers of an API error answer, in the order they are sent (date aside). */
const ERROR_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'cross-origin-resource-policy',
  'cache-control',
];

function expect405(res: LightMyRequestResponse, method: string, allow: string) {
  expect(res.statusCode).toBe(405);
  const body = JSON.stringify({ detail: `Method "${method}" not allowed.` });
  expect(res.body).toBe(method === 'HEAD' ? '' : body);
  const { date: _date, ...headers } = res.headers;
  expect(headers).toEqual({
    'content-security-policy': "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    allow,
    'content-type': 'application/json; charset=utf-8',
    // A HEAD answer keeps the length of the body it leaves out.
    'content-length': String(Buffer.byteLength(body)),
    connection: 'keep-alive',
  });
  expect(Object.keys(headers)).toEqual([
    ...ERROR_HEADERS,
    'allow',
    'content-type',
    'content-length',
    'connection',
  ]);
}

function expectRefused(res: LightMyRequestResponse, status: number, detail: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ detail });
  expect(res.headers.allow).toBeUndefined();
  expect(Object.keys(res.headers).slice(0, ERROR_HEADERS.length)).toEqual(ERROR_HEADERS);
}

const NOT_SIGNED_IN = 'Authentication credentials were not provided.';

describe('a method a path does not have', () => {
  it('on a path that needs a session: 401 signed out (CSRF first), 405 with Allow signed in', async () => {
    const nobody = new Browser(state.app);
    expectRefused(await nobody.send('DELETE', '/api/profile/me/'), 403, 'CSRF Failed: CSRF cookie not set.');
    await nobody.get('/csrf/');
    expectRefused(await nobody.send('DELETE', '/api/profile/me/'), 401, NOT_SIGNED_IN);
    expectRefused(await nobody.post('/api/profile/me/', {}), 401, NOT_SIGNED_IN);

    const member = new Browser(state.app);
    await member.signIn('platinum');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect405(await member.send(method as 'POST', '/api/profile/me/'), method, 'GET, HEAD, OPTIONS');
    }
    // Signed in, the CSRF check still comes first.
    expectRefused(
      await member.send('DELETE', '/api/profile/me/', { noCsrf: true }),
      403,
      'CSRF Failed: CSRF token missing.',
    );
  });

  it('clears the cookie of a session that ended, then answers 401', async () => {
    const stale = new Browser(state.app);
    await stale.get('/csrf/');
    stale.cookies.set(SESSION_COOKIE, 'x'.repeat(40));
    const res = await stale.post('/api/profile/me/', {});
    expectRefused(res, 401, NOT_SIGNED_IN);
    expect(res.cookies).toEqual([expect.objectContaining({ name: SESSION_COOKIE, value: '' })]);
  });

  it('asks a user who must change their password to do that first', async () => {
    const newcomer = new Browser(state.app);
    await newcomer.signIn('newcomer', FIRST_PASSWORD);
    expectRefused(await newcomer.post('/api/profile/me/', {}), 403, MUST_CHANGE_PASSWORD);
  });

  it('on a public path (sign-in): 405 signed out, HEAD included when the path has no GET', async () => {
    const nobody = new Browser(state.app);
    expect405(await nobody.get('/token/'), 'GET', 'POST, OPTIONS');
    expect405(await nobody.send('HEAD', '/token/'), 'HEAD', 'POST, OPTIONS');
    expect405(await nobody.get('/token/?next=/'), 'GET', 'POST, OPTIONS');
    await nobody.get('/csrf/');
    expect405(await nobody.send('PUT', '/token/'), 'PUT', 'POST, OPTIONS');
    expect405(await nobody.post('/auth-check/', {}), 'POST', 'GET, HEAD, OPTIONS');
  });

  it('on a path with a parameter, only for a value the parameter takes', async () => {
    const member = new Browser(state.app);
    await member.signIn('platinum');
    expect405(await member.post('/api/items/1/', {}), 'POST', 'GET, PUT, HEAD, OPTIONS');
    expect405(await member.send('DELETE', '/api/items/1/'), 'DELETE', 'GET, PUT, HEAD, OPTIONS');
    expect405(await member.get('/api/items/1/sell/'), 'GET', 'POST, OPTIONS');
    expectRefused(await member.post('/api/items/abc/', {}), 404, 'Not found.');
  });

  it('a static path next to a parameter keeps its own 405 (sign-out-others beside a session id)', async () => {
    const member = new Browser(state.app);
    await member.signIn('platinum');
    const res = await member.send('DELETE', '/api/account/sessions/sign-out-others/');
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
  });

  it('HEAD on a GET path is GET’s answer without its body', async () => {
    const member = new Browser(state.app);
    await member.signIn('platinum');
    const get = await member.get('/api/profile/me/');
    const head = await member.send('HEAD', '/api/profile/me/');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('is 404 without the trailing slash, with two of them, in capitals, for OPTIONS and other methods', async () => {
    const member = new Browser(state.app);
    await member.signIn('platinum');
    for (const [method, url] of [
      ['POST', '/api/profile/me'],
      ['GET', '/token'],
      ['POST', '/api/items/1'],
      ['POST', '/api/profile/me//'],
      ['POST', '/API/PROFILE/ME/'],
      ['OPTIONS', '/api/profile/me/'],
      ['OPTIONS', '/token/'],
      ['TRACE', '/api/items/1/'],
      ['POST', '/api/nothing/'],
      ['GET', '/api/nothing/'],
    ] as const) {
      expectRefused(await member.send(method, url), 404, 'Not found.');
    }
  });

  it('declares no route for them: the app routes each URL to the path’s own routes or to none', () => {
    // One Fastify route per path for its other methods made ~1,130 router entries (issue 26).
    expect(state.app.findRoute({ method: 'DELETE', url: '/api/profile/me/' })).toBeNull();
    expect(state.app.findRoute({ method: 'POST', url: '/api/items/1/' })).toBeNull();
    expect(state.app.findRoute({ method: 'PUT', url: '/token/' })).toBeNull();
    expect(state.app.findRoute({ method: 'GET', url: '/api/profile/me/' })).not.toBeNull();
  });

  it('reads no body first, as DRF does not: a body that could not be read still gets the 405', async () => {
    // Before this change the 405 came from a route, which read the body first: 400, 413 or 415 for these.
    const member = new Browser(state.app);
    await member.signIn('platinum');
    const json = { 'content-type': 'application/json' };
    for (const [body, headers] of [
      ['{bad', json],
      [JSON.stringify({ a: 'x'.repeat(BODY_LIMIT_BYTES) }), json],
      ['x', { 'content-type': 'text/plain' }],
    ] as const) {
      expect405(
        await member.send('POST', '/api/profile/me/', { body, headers }),
        'POST',
        'GET, HEAD, OPTIONS',
      );
    }
  });

  it('charges a signed-in request to its session, as the path’s own routes do, not to the address', async () => {
    const app = await buildApp({
      db: state.db,
      config: testConfig(state.tdb),
      logger: false,
      rateLimit: { perAddress: 3, perSession: 100 },
    });
    try {
      const member = new Browser(app);
      await member.signIn('platinum'); // the address's first two requests: /csrf/ and /token/
      for (let i = 0; i < 5; i += 1) {
        expect405(await member.post('/api/profile/me/', {}), 'POST', 'GET, HEAD, OPTIONS');
      }
      // Signed out, the address's allowance is what counts: one left, then 429.
      const nobody = new Browser(app);
      expect405(await nobody.get('/token/'), 'GET', 'POST, OPTIONS');
      expect((await nobody.get('/token/')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
