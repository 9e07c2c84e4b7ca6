import { Browser, apiTestbed } from '../helper';

// Each describe starts the app with its API_DOCS.
const { state, rebuild } = apiTestbed({ app: false });

/** Every kind of route Swagger UI serves: the page, its own script and stylesheet, the description. */
const DOCS = [
  '/docs',
  '/docs/',
  '/docs/json',
  '/docs/yaml',
  '/docs/static/swagger-initializer.js',
  '/docs/static/swagger-ui.css',
  '/docs/static/index.html',
];

async function as(username: string | null): Promise<Browser> {
  const browser = new Browser(state.app);
  if (username) await browser.signIn(username);
  return browser;
}

describe('/docs by default (API_DOCS unset)', () => {
  beforeEach(async () => {
    await rebuild();
  });

  it.each([null, 'gold', 'silver', 'loner'])(
    'answers %s exactly as a path that does not exist',
    async (username) => {
      const browser = await as(username);
      const missing = await browser.get('/api/no-such-page/');
      expect(missing.statusCode).toBe(404);
      for (const url of DOCS) {
        const res = await browser.get(url);
        expect({ url, status: res.statusCode, body: res.body }).toEqual({
          url,
          status: 404,
          body: missing.body,
        });
        expect(res.headers['content-type']).toBe(missing.headers['content-type']);
      }
    },
  );

  it.each(['platinum', 'rival'])(
    'serves the page and the description to %s, platinum in their active shop, never cached',
    async (username) => {
      const browser = await as(username);
      for (const url of DOCS) {
        const res = await browser.get(url);
        expect({ url, status: res.statusCode < 400 }).toEqual({ url, status: true });
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const spec = (await browser.get('/docs/json')).json();
      expect(spec.openapi).toMatch(/^3\./);
      expect(spec.paths).toHaveProperty(['/api/items/']);
      expect((await browser.get('/docs/')).body).toContain('<div id="swagger-ui">');
    },
  );

  it('stops serving it when the session ends', async () => {
    const browser = await as('platinum');
    expect((await browser.get('/docs/json')).statusCode).toBe(200);
    await browser.post('/logout/');
    expect((await browser.get('/docs/json')).statusCode).toBe(404);
  });

  it('refuses a platinum member who must still change their password', async () => {
    await state.db.query("UPDATE users SET must_change_password = true WHERE username = 'platinum'");
    const browser = await as('platinum');
    expect((await browser.get('/docs/json')).statusCode).toBe(404);
  });
});

describe('/docs with API_DOCS=public', () => {
  beforeEach(async () => {
    await rebuild({ API_DOCS: 'public' });
  });

  it('serves everything to anyone', async () => {
    const browser = await as(null);
    for (const url of DOCS) {
      const res = await browser.get(url);
      expect({ url, status: res.statusCode < 400 }).toEqual({ url, status: true });
    }
    expect((await browser.get('/docs/json')).json().openapi).toMatch(/^3\./);
  });
});
