import Fastify, { type FastifyInstance } from 'fastify';
import { CSRF_COOKIE } from '@loupe/contracts';
import { loupeApi } from '../../../src/app';
import { maskSecret } from '../../../src/modules/auth/csrf';
import { Browser, PASSWORD, testConfig, apiTestbed } from '../../helper';

/** The site these requests claim to be: it must be an allowed host, or the Host check answers 400 first. */
const SITE = { ALLOWED_HOSTS: 'localhost, shop.example' };

const { state, rebuild } = apiTestbed({ env: SITE });

const credentials = { username: 'gold', password: PASSWORD };
const failed = (reason: string) => ({ detail: `CSRF Failed: ${reason}` });

describe('CSRF on sign-in (Django CsrfViewMiddleware)', () => {
  it('refuses a request without the csrftoken cookie', async () => {
    const res = await new Browser(state.app).post('/token/', credentials, {
      headers: { 'X-CSRFToken': 'a'.repeat(32) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(failed('CSRF cookie not set.'));
  });

  it('refuses a request with the cookie but no X-CSRFToken header', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const res = await browser.post('/token/', credentials, { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(failed('CSRF token missing.'));
  });

  it('refuses a header that does not match the cookie', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    for (const token of ['b'.repeat(32), 'wrong', maskSecret('c'.repeat(32)), '!'.repeat(32)]) {
      const res = await browser.post('/token/', credentials, { headers: { 'X-CSRFToken': token } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(failed('CSRF token incorrect.'));
    }
  });

  it('refuses a malformed cookie', async () => {
    const browser = new Browser(state.app);
    browser.cookies.set(CSRF_COOKIE, 'short');
    const res = await browser.post('/token/', credentials, { headers: { 'X-CSRFToken': 'short' } });
    expect(res.json()).toEqual(failed('CSRF cookie has incorrect length.'));
  });

  it('accepts the secret itself or a masked copy of it (64 characters), as Django does', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const masked = maskSecret(browser.csrf as string);
    expect(masked).toHaveLength(64);
    const res = await browser.post('/token/', credentials, { headers: { 'X-CSRFToken': masked } });
    expect(res.statusCode).toBe(200);
    expect((await browser.post('/logout/')).statusCode).toBe(200);
  });

  it('refuses a foreign Origin and accepts this site’s own', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const evil = await browser.post('/token/', credentials, {
      headers: { origin: 'https://evil.example', host: 'shop.example:8080' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual(
      failed('Origin checking failed - https://evil.example does not match any trusted origins.'),
    );
    const nullOrigin = await browser.post('/token/', credentials, { headers: { origin: 'null' } });
    expect(nullOrigin.json()).toEqual(
      failed('Origin checking failed - null does not match any trusted origins.'),
    );
    // Same host, other scheme or port: another origin.
    const otherPort = await browser.post('/token/', credentials, {
      headers: { origin: 'http://shop.example:9999', host: 'shop.example:8080' },
    });
    expect(otherPort.statusCode).toBe(403);
    const own = await browser.post('/token/', credentials, {
      headers: { origin: 'http://shop.example:8080', host: 'shop.example:8080' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('accepts origins listed in CSRF_TRUSTED_ORIGINS, wildcards included', async () => {
    await rebuild({ CSRF_TRUSTED_ORIGINS: 'https://admin.example.com, https://*.loupe.example' });
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    for (const origin of ['https://admin.example.com', 'https://eu.loupe.example']) {
      const res = await browser.post('/logout/', undefined, { headers: { origin } });
      expect(res.statusCode).toBe(200);
    }
    const res = await browser.post('/logout/', undefined, {
      headers: { origin: 'https://loupe.example.evil.com' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('over HTTPS without Origin, requires a same-site HTTPS Referer', async () => {
    await rebuild({ ...SITE, TRUST_PROXY: '1' });
    const browser = new Browser(state.app);
    const https = { 'x-forwarded-proto': 'https', host: 'shop.example' };
    await browser.get('/csrf/', { headers: https });
    const none = await browser.post('/logout/', undefined, { headers: https });
    expect(none.json()).toEqual(failed('Referer checking failed - no Referer.'));
    const insecure = await browser.post('/logout/', undefined, {
      headers: { ...https, referer: 'http://shop.example/x' },
    });
    expect(insecure.json()).toEqual(
      failed('Referer checking failed - Referer is insecure while host is secure.'),
    );
    const foreign = await browser.post('/logout/', undefined, {
      headers: { ...https, referer: 'https://evil.example/' },
    });
    expect(foreign.json()).toEqual(
      failed('Referer checking failed - https://evil.example/ does not match any trusted origins.'),
    );
    const good = await browser.post('/logout/', undefined, {
      headers: { ...https, referer: 'https://shop.example/login' },
    });
    expect(good.statusCode).toBe(200);
  });

  it('never checks GET requests', async () => {
    const res = await new Browser(state.app).get('/auth-check/', {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('CSRF on every unsafe method', () => {
  it('checks PUT before authentication and before validation', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    const res = await browser.put(
      '/api/profile/update_profile/',
      { email: 'x@example.com', first_name: '', last_name: '' },
      { noCsrf: true },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(failed('CSRF token missing.'));
    const anonymous = new Browser(state.app);
    expect(
      (
        await anonymous.put('/api/profile/update_profile/', '{bad json', {
          headers: { 'content-type': 'application/json' },
        })
      ).json(),
    ).toEqual(failed('CSRF cookie not set.'));
    const ok = await browser.put('/api/profile/update_profile/', {
      email: 'x@example.com',
      first_name: 'G',
      last_name: 'H',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('checks DELETE and PATCH too (then answers 405 for a method the path does not have)', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    for (const method of ['DELETE', 'PATCH'] as const) {
      const url = `/api/shops/${state.fx.shopId}/memberships/`;
      const refused = await browser.send(method, url, { noCsrf: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(failed('CSRF token missing.'));
      const wrong = await browser.send(method, '/logout/', { headers: { 'X-CSRFToken': 'z'.repeat(32) } });
      expect(wrong.json()).toEqual(failed('CSRF token incorrect.'));
      const allowed = await browser.send(method, url);
      expect(allowed.statusCode).toBe(405);
      expect(allowed.json()).toEqual({ detail: `Method "${method}" not allowed.` });
      expect(allowed.headers.allow).toContain('POST');
    }
  });

  it('checks POST on protected endpoints for signed-in users', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    const res = await browser.post(
      `/api/shops/${state.fx.shopId}/memberships/`,
      { user: state.fx.ids.loner, role: 'silver', active: true },
      { noCsrf: true },
    );
    expect(res.statusCode).toBe(403);
    expect(
      await state.db.query('SELECT 1 FROM memberships WHERE user_id = $1', [state.fx.ids.loner]),
    ).toHaveLength(0);
  });
});

describe('mounted under /api by a host (the shell)', () => {
  let host: FastifyInstance;
  beforeEach(async () => {
    // A host with Fastify's default validator (which would coerce and strip unknown fields) and its own routes.
    host = Fastify({ logger: false });
    host.get('/', async () => 'shell');
    await host.register(loupeApi, { prefix: '/api', db: state.db, config: testConfig(state.tdb) });
    await host.ready();
  });
  afterEach(async () => host.close());

  it('serves the API under /api with the same checks, comparing Origin with the request’s own host', async () => {
    const browser = new Browser(host);
    const csrf = await browser.get('/api/csrf/');
    expect(csrf.statusCode).toBe(200);
    expect(csrf.cookies[0]?.path).toBe('/');
    const headers = { host: 'localhost:8080', origin: 'http://localhost:8080' };
    const signIn = await browser.post('/api/token/', credentials, { headers });
    expect(signIn.statusCode).toBe(200);
    expect((await browser.get('/api/api/profile/me/')).json()).toMatchObject({ username: 'gold' });
    const foreign = await browser.post('/api/logout/', undefined, {
      headers: { host: 'localhost:8080', origin: 'http://localhost:8081' },
    });
    expect(foreign.statusCode).toBe(403);
    const unknownField = await browser.put(
      '/api/api/profile/update_profile/',
      { email: '', first_name: '', last_name: '', is_staff: true },
      { headers },
    );
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toEqual({ is_staff: ['This field is not allowed.'] });
    expect((await browser.get('/api/nothing-here/')).json()).toEqual({ detail: 'Not found.' });
    expect((await browser.get('/')).body).toBe('shell');
  });
});
