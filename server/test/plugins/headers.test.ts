import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { hostIsAllowed, LOCKED_DOWN_CSP, registerSecurityHeaders } from '../../src/plugins/headers';
import { Browser, PASSWORD, apiTestbed } from '../helper';

const { state, appWith } = apiTestbed();

const API_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

/**
 * A JSON answer of the API: what OWASP's REST Security Cheat Sheet asks of an API response (CSP with
 * frame-ancestors 'none', X-Frame-Options DENY, nosniff, the JSON type, no-store), plus CORP; none of the
 * headers only a document reads.
 */
function expectApiHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-security-policy']).toBe(API_CSP);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['cache-control']).toBe('no-store');
  for (const name of DOCUMENT_HEADERS) expect([name, res.headers[name]]).toEqual([name, undefined]);
  // Plain HTTP: HSTS would be ignored by browsers, and would pin localhost to HTTPS if it were not.
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

/** What only a document (a page, a file, plain text) carries besides the API's set. */
const DOCUMENT_HEADERS = [
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A document: every security header, the CSP given. */
function expectDocumentHeaders(res: LightMyRequestResponse, csp: string | RegExp = API_CSP) {
  expect(res.headers['content-security-policy']).toEqual(
    typeof csp === 'string' ? csp : expect.stringMatching(csp),
  );
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\)/);
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['origin-agent-cluster']).toBe('?1');
  expect(res.headers['x-dns-prefetch-control']).toBe('off');
  expect(res.headers['x-download-options']).toBe('noopen');
  expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(res.headers['x-xss-protection']).toBe('0');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers on every kind of API response', () => {
  it('are sent on a JSON answer, a 404, a validation error, a 401 and a 403', async () => {
    const browser = new Browser(state.app);
    const answers = [
      [await browser.get('/csrf/'), 200],
      [await browser.get('/no-such-endpoint/'), 404],
      [await browser.post('/token/', { username: 'platinum' }), 400],
      [await browser.get('/api/items/'), 401],
      [await browser.post('/token/', { username: 'platinum', password: PASSWORD }, { noCsrf: true }), 403],
    ] as const;
    for (const [res, status] of answers) {
      expect(res.statusCode).toBe(status);
      expectApiHeaders(res);
    }
  });

  it('marks answers about the signed-in user no-store', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    const res = await browser.get('/auth-check/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expectApiHeaders(res);
    // Nor does it report the request limits while under them (rate-limit.test.ts).
    expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('lets the API docs page load Swagger UI’s own scripts, still never framed', async () => {
    const owner = new Browser(state.app);
    await owner.signIn('platinum');
    const res = await owner.get('/docs/');
    expect(res.statusCode).toBe(200);
    // A page: every header, with its own policy.
    expectDocumentHeaders(
      res,
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none';",
    );
    expect(res.body).not.toMatch(/<script>/);
  });

  it('adds HSTS for a year when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await appWith({ TRUST_PROXY: '1' });
    const res = await proxied.inject({
      url: '/auth-check/',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // A document over HTTPS too (a refused Host's plain-text 400).
    const refused = await proxied.inject({
      url: '/auth-check/',
      headers: { host: 'rebind.evil.test', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['referrer-policy']).toBe('same-origin');
    expect(refused.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.inject({ url: '/auth-check/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the security headers by kind of answer', () => {
  const BODIES = {
    '/page': ['text/html; charset=utf-8', '<!doctype html><title>x</title>'],
    '/app.js': ['application/javascript; charset=utf-8', 'void 0;'],
    '/old.js': ['text/javascript', 'void 0;'],
    '/app.css': ['text/css; charset=utf-8', 'body{}'],
    '/data.json': ['application/json; charset=utf-8', '{}'],
    '/problem.json': ['application/problem+json', '{}'],
    '/bare.json': ['application/json', '{}'],
    '/icon.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    '/text': ['text/plain; charset=utf-8', 'plain'],
    '/paper.pdf': ['application/pdf', '%PDF-1.7'],
    '/photo.png': ['image/png', 'png'],
    '/file': ['application/octet-stream', 'bytes'],
  } as const;

  async function staticServer(): Promise<FastifyInstance> {
    const server = Fastify();
    await registerSecurityHeaders(server, { csp: LOCKED_DOWN_CSP });
    for (const [url, [type, body]] of Object.entries(BODIES)) {
      server.get(url, (_request, reply) => reply.type(type).send(body));
    }
    // A route that sets a document header of its own keeps it; no type at all is treated as a document.
    server.get('/feed', (_request, reply) =>
      reply.header('referrer-policy', 'no-referrer').type('application/xml').send('<feed/>'),
    );
    server.get('/untyped', (_request, reply) => reply.send(Buffer.from('?')));
    return server;
  }

  it('leaves CSP, X-Frame-Options and the other document headers off scripts and style sheets, keeping nosniff', async () => {
    const server = await staticServer();
    try {
      for (const url of ['/app.js', '/old.js', '/app.css']) {
        const res = await server.inject({ url });
        expect([url, res.statusCode]).toEqual([url, 200]);
        for (const name of ['content-security-policy', 'x-frame-options', ...DOCUMENT_HEADERS])
          if (name !== 'referrer-policy')
            expect([url, name, res.headers[name]]).toEqual([url, name, undefined]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      }
    } finally {
      await server.close();
    }
  });

  it('gives JSON (and +json, and Fastify’s own 404) the API’s set, without the document headers', async () => {
    const server = await staticServer();
    try {
      for (const url of ['/data.json', '/problem.json', '/bare.json', '/missing']) {
        const res = await server.inject({ url });
        expect([url, res.headers['content-security-policy']]).toEqual([url, API_CSP]);
        expect([url, res.headers['x-frame-options']]).toEqual([url, 'DENY']);
        expect([url, res.headers['x-content-type-options']]).toEqual([url, 'nosniff']);
        expect([url, res.headers['cross-origin-resource-policy']]).toEqual([url, 'same-origin']);
        for (const name of DOCUMENT_HEADERS)
          expect([url, name, res.headers[name]]).toEqual([url, name, undefined]);
      }
    } finally {
      await server.close();
    }
  });

  it('keeps every header on what a browser may open as a document: HTML, SVG, text, PDF, images, files', async () => {
    const server = await staticServer();
    try {
      for (const url of ['/page', '/icon.svg', '/text', '/paper.pdf', '/photo.png', '/file', '/untyped']) {
        const res = await server.inject({ url });
        expect([url, res.statusCode]).toEqual([url, 200]);
        expectDocumentHeaders(res);
      }
      const feed = await server.inject({ url: '/feed' });
      expect(feed.headers['referrer-policy']).toBe('no-referrer');
      expect(feed.headers['permissions-policy']).toMatch(/^camera=\(self\)/);
    } finally {
      await server.close();
    }
  });
});

describe('allowed hosts', () => {
  it('answers 400 to a foreign Host before routing, with the headers still on', async () => {
    for (const url of ['/auth-check/', '/no-such-endpoint/', '/docs']) {
      const res = await state.app.inject({ url, headers: { host: 'rebind.evil.test:8080' } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('Bad Request (400)');
      // Plain text: a document, every header (under /docs with the docs page's policy).
      expectDocumentHeaders(res, /frame-ancestors 'none'/);
    }
  });

  it('refuses the DNS-rebinding sign-in: foreign Host with the matching Origin gets no session', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const res = await browser.post(
      '/token/',
      { username: 'platinum', password: PASSWORD },
      { headers: { host: 'rebind.evil.test:8080', origin: 'http://rebind.evil.test:8080' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('accepts localhost, 127.0.0.1 and [::1] on any port, and the names ALLOWED_HOSTS lists', async () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:8000', '[::1]:8080', 'LOCALHOST.']) {
      const res = await state.app.inject({ url: '/auth-check/', headers: { host } });
      expect([host, res.statusCode]).toEqual([host, 200]);
    }
    const listed = await appWith({ ALLOWED_HOSTS: '.loupe.example' });
    const ok = await listed.inject({ url: '/auth-check/', headers: { host: 'shop.loupe.example' } });
    expect(ok.statusCode).toBe(200);
    const refused = await listed.inject({ url: '/auth-check/', headers: { host: 'localhost' } });
    expect(refused.statusCode).toBe(400);
  });

  it('matches hosts as Django does', () => {
    const allowed = ['localhost', '.example.com', '[::1]'];
    expect(hostIsAllowed('example.com:443', allowed)).toBe(true);
    expect(hostIsAllowed('a.b.example.com', allowed)).toBe(true);
    expect(hostIsAllowed('badexample.com', allowed)).toBe(false);
    expect(hostIsAllowed('[::1]:8080', allowed)).toBe(true);
    expect(hostIsAllowed('evil.test/x?', allowed)).toBe(false);
    expect(hostIsAllowed('localhost@evil.test', allowed)).toBe(false);
    expect(hostIsAllowed(undefined, allowed)).toBe(false);
    expect(hostIsAllowed('anything.test', ['*'])).toBe(true);
  });
});

describe('answers about paths that are no endpoint', () => {
  /** The headers of an answer that say what it is, less those that differ per request. */
  const stable = (res: LightMyRequestResponse) =>
    Object.fromEntries(
      Object.entries(res.headers).filter(
        ([name]) =>
          !['date', 'content-length', 'connection'].includes(name) && !name.startsWith('x-ratelimit'),
      ),
    );

  it('answers an unknown path 404 in the API’s shape, never cached', async () => {
    for (const url of ['/api/no-such-endpoint/', '/no-such-endpoint/', '/api/items/7/no-such/']) {
      const res = await state.app.inject({ url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'Not found.' }]);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
      expectApiHeaders(res);
    }
  });

  it('answers a URL Fastify cannot route (an over-long id, a broken escape) in the API’s shape and headers', async () => {
    const missing = await state.app.inject({ url: '/api/no-such-endpoint/' });
    // Fastify answers a path parameter over 100 characters 414 in its own shape: no id is that long, so it is
    // not found, as any id no row can have, whatever the method.
    const cases = [
      ['GET', `/api/items/${'1'.repeat(300)}/`, 404, 'Not found.'],
      ['PATCH', `/api/items/${'1'.repeat(300)}/`, 404, 'Not found.'],
      ['POST', `/api/items/${'1'.repeat(300)}/sell/`, 404, 'Not found.'],
      ['DELETE', `/api/clients/${'a'.repeat(101)}/`, 404, 'Not found.'],
      ['GET', '/api/items/%zz/', 400, 'The address is not valid.'],
      ['POST', '/api/items/%zz/sell/', 400, 'The address is not valid.'],
    ] as const;
    for (const [method, url, status, detail] of cases) {
      const res = await state.app.inject({ method, url });
      expect([url, res.statusCode, res.json()]).toEqual([url, status, { detail }]);
      // Nothing of the URL is echoed, and the answer carries what every other error of the API carries.
      expect(res.body).not.toContain('111');
      expect([url, stable(res)]).toEqual([url, stable(missing)]);
    }
  });
});
