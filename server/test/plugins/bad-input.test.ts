import { BODY_LIMIT_BYTES } from '../../src/plugins/error-handling';
import { Browser, apiTestbed } from '../helper';

const { state } = apiTestbed();

const json = { 'content-type': 'application/json' };

async function snapshot() {
  return {
    users: await state.db.query(
      'SELECT id, username, email, first_name, last_name, password_hash FROM users ORDER BY id',
    ),
    memberships: await state.db.query('SELECT id, user_id, role, active FROM memberships ORDER BY id'),
  };
}

describe('bad bodies never cause a 5xx and never write', () => {
  const targets = () =>
    [
      ['POST', `/api/shops/${state.fx.shopId}/memberships/`],
      ['PUT', '/api/profile/update_profile/'],
      ['POST', '/api/account/change-password/'],
      ['POST', '/token/'],
    ] as const;

  it.each<[string, string | Buffer, Record<string, string>, number, RegExp | null]>([
    ['malformed JSON', '{"user": 5,', json, 400, /^JSON parse error - /],
    ['a JSON array', '[1, 2]', json, 400, null],
    ['a JSON string', '"hello"', json, 400, null],
    ['JSON null', 'null', json, 400, null],
    ['prototype poisoning', '{"__proto__": {"admin": true}}', json, 400, /^JSON parse error - /],
    [
      'text/plain',
      'user=5',
      { 'content-type': 'text/plain' },
      415,
      /^Unsupported media type "text\/plain" in request\.$/,
    ],
    [
      'a form',
      'user=5',
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
      /Unsupported media type/,
    ],
    ['XML', '<user>5</user>', { 'content-type': 'application/xml' }, 415, /Unsupported media type/],
  ])('%s', async (_name, payload, headers, status, detail) => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    const before = await snapshot();
    for (const [method, url] of targets()) {
      const res = await browser.send(method, url, { body: payload, headers });
      expect(res.statusCode).toBe(status);
      const body = res.json();
      if (detail) expect(body.detail).toMatch(detail);
      else
        expect(body).toEqual({
          non_field_errors: [expect.stringMatching(/^Invalid data\. Expected a dictionary, but got \w+\.$/)],
        });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 to a body over the limit', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    const before = await snapshot();
    const huge = JSON.stringify({ email: 'x'.repeat(BODY_LIMIT_BYTES), first_name: '', last_name: '' });
    for (const [method, url] of targets()) {
      const res = await browser.send(method, url, { body: huge, headers: json });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ detail: expect.stringContaining('too large') });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 to wrong types and unknown fields, in DRF’s shape', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    const before = await snapshot();
    const res = await browser.put('/api/profile/update_profile/', {
      email: 5,
      first_name: ['x'],
      last_name: null,
      admin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Not a valid string.'],
      first_name: ['Not a valid string.'],
      last_name: ['Not a valid string.'],
      admin: ['This field is not allowed.'],
    });
    const token = await browser.post('/token/', { username: 'platinum', password: 5 });
    expect(token.json()).toEqual({ password: ['Not a valid string.'] });
    expect(await snapshot()).toEqual(before);
  });

  it('treats a bodiless POST as an empty object', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    const res = await browser.post(`/api/shops/${state.fx.shopId}/memberships/`, undefined, {
      headers: json,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user: ['This field is required.'], role: ['This field is required.'] });
  });
});

describe('answers outside the routes', () => {
  it('answers 404 in DRF’s shape', async () => {
    const res = await new Browser(state.app).get('/api/nothing/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 405 for a method a path does not have', async () => {
    const res = await new Browser(state.app).get('/token/');
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ detail: 'Method "GET" not allowed.' });
  });

  it('serves the OpenAPI description generated from the contracts', async () => {
    const owner = new Browser(state.app);
    await owner.signIn('platinum');
    const res = await owner.get('/docs/json');
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/csrf/',
        '/auth-check/',
        '/token/',
        '/logout/',
        '/api/profile/me/',
        '/api/profile/update_profile/',
        '/api/account/change-password/',
        '/api/shops/{shopId}/memberships/',
      ]),
    );
    const post = spec.paths['/api/shops/{shopId}/memberships/'].post;
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('role');
    expect((await owner.get('/docs/')).statusCode).toBe(200);
  });
});
