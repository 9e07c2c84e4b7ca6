import { endpoints, type Endpoint } from '@loupe/contracts';
import { createAccount } from '../../src/modules/auth/accounts';
import { MembershipsRepository } from '../../src/modules/shops/memberships-repository';
import { MUST_CHANGE_PASSWORD } from '../../src/plugins/password-change';
import { Browser, apiTestbed } from '../helper';

const FIRST_PASSWORD = 'handed-over-1926';
const OWN_PASSWORD = 'my-own-escapement-42';
const mustChange = { detail: MUST_CHANGE_PASSWORD };

const { state } = apiTestbed({
  seed: async (db, fx) => {
    const now = new Date();
    const newcomer = await createAccount(
      db,
      { username: 'newcomer', password: FIRST_PASSWORD, mustChangePassword: true },
      now,
    );
    // A gold member, so that every shop screen but the owner's would be theirs but for the password.
    await new MembershipsRepository(db).create(fx.shopId, newcomer.id, 'gold', true, now, now);
  },
});

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

  it.each(
    allEndpoints.filter((endpoint) => !REACHABLE.has(endpoint)).map((e) => [`${e.method} ${e.path}`, e]),
  )('is refused %s with 403 until then', async (_name, endpoint) => {
    const browser = await signedIn('newcomer', FIRST_PASSWORD);
    const res = await browser.send(endpoint.method, urlOf(endpoint), { body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(mustChange);
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

  it('is refused an unsupported method too (DRF checks permissions before the method)', async () => {
    const browser = await signedIn('newcomer', FIRST_PASSWORD);
    const res = await browser.send('DELETE', '/api/items/');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(mustChange);
  });

  it('works everywhere once the password is changed, and is not asked again', async () => {
    const browser = await signedIn('newcomer', FIRST_PASSWORD);
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
      "SELECT must_change_password FROM users WHERE username = 'newcomer'",
    );
    expect(row?.must_change_password).toBe(false);
    const later = await signedIn('newcomer', OWN_PASSWORD);
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
