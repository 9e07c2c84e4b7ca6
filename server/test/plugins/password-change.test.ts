import { endpoints, type Endpoint } from '@loupe/contracts';
import { createAccount } from '../../src/modules/auth/accounts';
import { MembershipsRepository } from '../../src/modules/shops/memberships-repository';
import { MUST_CHANGE_PASSWORD } from '../../src/plugins/password-change';
import { Browser, apiTestbed } from '../helper';

const FIRST_PASSWORD = 'handed-over-1926';
const OWN_PASSWORD = 'my-own-escapement-42';
const mustChange = { detail: MUST_CHANGE_PASSWORD };

/** A gold member who must change FIRST_PASSWORD: every shop screen but the owner's would be theirs but for it. */
async function newMember(username: string): Promise<void> {
  const now = new Date();
  const user = await createAccount(
    state.db,
    { username, password: FIRST_PASSWORD, mustChangePassword: true },
    now,
  );
  await new MembershipsRepository(state.db).create(state.fx.shopId, user.id, 'gold', true, now, now);
}

// One database, app and newcomer for the whole file (`per: 'file'`): ~180 of its tests each ask one endpoint
// and are refused before any handler runs, so they change nothing another test reads; a fresh database, app,
// account and sign-in for each (two argon2 hashes a test) made this file ~110 s of the PostgreSQL run. The one
// test that changes a password does it to a newcomer of its own.
const { state } = apiTestbed({ per: 'file', seed: () => newMember('newcomer') });

const allEndpoints = Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
const REACHABLE = new Set<Endpoint>([
  endpoints.session.authCheck,
  endpoints.session.csrf,
  endpoints.session.token,
  endpoints.session.logout,
  endpoints.profile.me,
  endpoints.profile.changePassword,
  ...Object.values(endpoints.sessions),
]);

/** A concrete URL for an endpoint: every path parameter filled with an id of the right form. */
function urlOf(endpoint: Endpoint): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (name === 'shopId') return String(state.fx.shopId);
    if (name === 'sessionId') return '00000000-0000-4000-8000-000000000000';
    return '1';
  });
}

async function signedIn(username: string, password: string): Promise<Browser> {
  const browser = new Browser(state.app);
  await browser.signIn(username, password);
  return browser;
}

describe('a user who must change their password', () => {
  it('signs in normally and is told so by auth-check', async () => {
    const browser = await signedIn('newcomer', FIRST_PASSWORD);
    const check = await browser.get('/auth-check/');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      user: { username: 'newcomer' },
      role: 'gold',
      must_change_password: true,
    });
  });

  describe('until then', () => {
    // One session for every refusal: a refused call is answered before its handler, so it changes nothing.
    let browser: Browser;
    beforeAll(async () => {
      browser = await signedIn('newcomer', FIRST_PASSWORD);
    });

    it.each(
      allEndpoints.filter((endpoint) => !REACHABLE.has(endpoint)).map((e) => [`${e.method} ${e.path}`, e]),
    )('is refused %s with 403', async (_name, endpoint) => {
      const res = await browser.send(endpoint.method, urlOf(endpoint), { body: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(mustChange);
    });

    it('is refused an unsupported method too (DRF checks permissions before the method)', async () => {
      const res = await browser.send('DELETE', '/api/items/');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(mustChange);
    });

    it('is still the same session, must change the password (so the refusals above were for that reason)', async () => {
      expect((await browser.get('/auth-check/')).json()).toMatchObject({
        user: { username: 'newcomer' },
        must_change_password: true,
      });
    });
  });

  it.each([...REACHABLE].map((e) => [`${e.method} ${e.path}`, e]))(
    'still reaches %s',
    async (_name, endpoint) => {
      const browser = await signedIn('newcomer', FIRST_PASSWORD);
      const body =
        endpoint === endpoints.session.token ? { username: 'newcomer', password: FIRST_PASSWORD } : {};
      const res = await browser.send(endpoint.method, urlOf(endpoint), { body });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain(MUST_CHANGE_PASSWORD);
    },
  );

  it('works everywhere once the password is changed, and is not asked again', async () => {
    await newMember('changer');
    const browser = await signedIn('changer', FIRST_PASSWORD);
    // Seen by this process's session cache before the change: the change must drop it.
    expect((await browser.get('/api/items/')).statusCode).toBe(403);

    const change = await browser.post('/api/account/change-password/', {
      current_password: FIRST_PASSWORD,
      new_password: OWN_PASSWORD,
    });
    expect(change.statusCode).toBe(200);
    expect((await browser.get('/auth-check/')).json()).toMatchObject({ must_change_password: false });
    expect((await browser.get('/api/items/')).statusCode).toBe(200);
    expect((await browser.get(`/api/shops/${state.fx.shopId}/memberships/`)).statusCode).toBe(200);

    const [row] = await state.db.query<{ must_change_password: boolean }>(
      "SELECT must_change_password FROM users WHERE username = 'changer'",
    );
    expect(row?.must_change_password).toBe(false);
    const later = await signedIn('changer', OWN_PASSWORD);
    expect((await later.get('/api/items/')).statusCode).toBe(200);
  });

  it('stays refused after a failed change', async () => {
    const browser = await signedIn('newcomer', FIRST_PASSWORD);
    const weak = await browser.post('/api/account/change-password/', {
      current_password: FIRST_PASSWORD,
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect((await browser.get('/api/items/')).json()).toEqual(mustChange);
  });
});

describe('everyone else', () => {
  it('is not concerned', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum');
    expect((await browser.get('/auth-check/')).json()).toMatchObject({ must_change_password: false });
    expect((await browser.get('/api/items/')).statusCode).toBe(200);
  });

  it('anonymous callers still get 401 where a session is required', async () => {
    const res = await new Browser(state.app).get('/api/items/');
    expect(res.statusCode).toBe(401);
  });
});
