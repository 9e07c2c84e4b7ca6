import { CSRF_COOKIE, SESSION_COOKIE } from '@loupe/contracts';
import { UNKNOWN_DEVICE, deviceName } from '../../../src/modules/auth/device-name';
import { signedOutDetail } from '../../../src/modules/auth/routes/sessions';
import { Browser, PASSWORD, apiTestbed } from '../../helper';

const { state, appWith } = apiTestbed({ clock: true });

const MINUTE = 60_000;
const SESSIONS = '/api/account/sessions/';
const SIGN_OUT_OTHERS = '/api/account/sessions/sign-out-others/';
const CHANGE = '/api/account/change-password/';
const ME = '/api/profile/me/';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  device: string;
  ip_address: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** Signs in as a browser that names itself with `userAgent` on every request. */
async function signedIn(username: string, userAgent = CHROME_LINUX): Promise<Browser> {
  const browser = new Browser(state.app);
  await browser.get('/csrf/');
  const res = await browser.post(
    '/token/',
    { username, password: PASSWORD },
    { headers: { 'user-agent': userAgent } },
  );
  expect(res.statusCode).toBe(200);
  return browser;
}

async function listed(browser: Browser): Promise<Listed[]> {
  const res = await browser.get(SESSIONS);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { results: Listed[]; count: number };
  expect(body.count).toBe(body.results.length);
  return body.results;
}

const signOut = (browser: Browser, id: string, options = {}) =>
  browser.send('DELETE', `${SESSIONS}${id}/`, options);

describe('deviceName', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 142 on Linux'],
    [SAFARI_IOS, 'Safari 18 on iOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133 on Windows',
    ],
    ['curl/8.5.0', UNKNOWN_DEVICE],
    // A header's text is Latin-1: an unknown browser's name may hold C1 controls and soft hyphens, shown to
    // the user as nothing.
    ['Ev\u00adil\u009b/1.0 (X11; Linux x86_64)', 'Evil 1 on Linux'],
    ['\u00ad\u0085/1.0 ', UNKNOWN_DEVICE],
    ['', UNKNOWN_DEVICE],
    ['   ', UNKNOWN_DEVICE],
  ])('names %j as %j', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });
});

describe('signedOutDetail', () => {
  it('says how many, in the right number', () => {
    expect(signedOutDetail(0)).toBe('No other sessions were signed in.');
    expect(signedOutDetail(1)).toBe('Signed out 1 other session.');
    expect(signedOutDetail(3)).toBe('Signed out 3 other sessions.');
  });
});

describe('GET /api/account/sessions/', () => {
  it('lists the caller’s live sessions with device, address and which is this one, most recently used first', async () => {
    const laptop = await signedIn('loner', CHROME_LINUX);
    const phone = await signedIn('loner', SAFARI_IOS);
    await signedIn('gold');
    state.clock.advance(2 * MINUTE);
    expect((await phone.get(ME)).statusCode).toBe(200);
    state.clock.advance(2 * MINUTE);

    const fromLaptop = await listed(laptop);
    expect(fromLaptop).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        device: 'Chrome 142 on Linux',
        ip_address: '127.0.0.1',
        created_at: '2026-03-01T09:00:00.000Z',
        last_seen_at: '2026-03-01T09:04:00.000Z',
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        device: 'Safari 18 on iOS',
        ip_address: '127.0.0.1',
        created_at: '2026-03-01T09:00:00.000Z',
        last_seen_at: '2026-03-01T09:02:00.000Z',
        current: false,
      },
    ]);
    // The public id is neither the cookie nor its stored hash.
    const cookie = laptop.cookies.get(SESSION_COOKIE) as string;
    const [row] = await state.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM sessions WHERE public_id = $1',
      [fromLaptop[0]?.id],
    );
    expect(row).toBeDefined();
    expect(fromLaptop[0]?.id).not.toBe(cookie);
    expect(fromLaptop[0]?.id).not.toBe(row?.key_hash);

    // Both were just used (the same minute): only which one is current tells them apart.
    const fromPhone = await listed(phone);
    expect(fromPhone.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Chrome 142 on Linux', false],
      ['Safari 18 on iOS', true],
    ]);
  });

  it('leaves out a session past its idle limit', async () => {
    const here = await signedIn('loner');
    await signedIn('loner', SAFARI_IOS);
    await state.db.query(`UPDATE sessions SET last_seen_at = '2000-01-01T00:00:00Z' WHERE user_agent = $1`, [
      SAFARI_IOS,
    ]);
    expect((await listed(here)).map((s) => s.device)).toEqual(['Chrome 142 on Linux']);
  });

  it('stores at most 512 characters of a User-Agent', async () => {
    const here = await signedIn('loner', `${CHROME_LINUX} ${'é'.repeat(600)}`);
    const rows = await state.db.query<{ user_agent: string }>('SELECT user_agent FROM sessions');
    expect(Array.from(rows[0]?.user_agent ?? '')).toHaveLength(512);
    expect((await listed(here))[0]?.device).toBe('Chrome 142 on Linux');
  });

  it('records the address the trust-proxy rules decide: a forwarded one only from a trusted proxy', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const direct = new Browser(state.app);
    await direct.get('/csrf/');
    await direct.post('/token/', { username: 'loner', password: PASSWORD }, { headers });
    expect((await listed(direct))[0]?.ip_address).toBe('127.0.0.1');

    const proxied = await appWith({ TRUST_PROXY: '127.0.0.1' });
    const behindProxy = new Browser(proxied);
    await behindProxy.get('/csrf/');
    await behindProxy.post('/token/', { username: 'loner', password: PASSWORD }, { headers });
    const mine = (await behindProxy.get(SESSIONS, { headers })).json().results.find((s: Listed) => s.current);
    expect(mine.ip_address).toBe('203.0.113.9');
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await new Browser(state.app).get(SESSIONS)).statusCode).toBe(401);
  });
});

describe('POST /api/account/sessions/sign-out-others/', () => {
  it('ends every other session of the caller, keeps this one and other users’ sessions', async () => {
    const here = await signedIn('loner');
    const others = [await signedIn('loner', SAFARI_IOS), await signedIn('loner')];
    const someoneElse = await signedIn('gold');
    // Used once, so each is in the session cache when it is ended.
    for (const other of others) expect((await other.get(ME)).statusCode).toBe(200);

    const res = await here.post(SIGN_OUT_OTHERS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Signed out 2 other sessions.', count: 2 });
    for (const other of others) {
      expect((await other.get(ME)).statusCode).toBe(401);
      expect((await other.get('/auth-check/')).json()).toMatchObject({ user: null });
    }
    expect((await here.get(ME)).statusCode).toBe(200);
    expect((await someoneElse.get(ME)).statusCode).toBe(200);
    expect((await listed(here)).map((s) => s.current)).toEqual([true]);

    const again = await here.post(SIGN_OUT_OTHERS);
    expect(again.json()).toEqual({ detail: 'No other sessions were signed in.', count: 0 });
    await signedIn('loner');
    expect((await here.post(SIGN_OUT_OTHERS)).json()).toEqual({
      detail: 'Signed out 1 other session.',
      count: 1,
    });
  });

  it('needs the CSRF token', async () => {
    const here = await signedIn('loner');
    const other = await signedIn('loner');
    expect((await here.post(SIGN_OUT_OTHERS, undefined, { noCsrf: true })).statusCode).toBe(403);
    expect((await other.get(ME)).statusCode).toBe(200);
  });
});

describe('DELETE /api/account/sessions/:id/', () => {
  it('ends one of the caller’s other sessions', async () => {
    const here = await signedIn('loner');
    const phone = await signedIn('loner', SAFARI_IOS);
    const kept = await signedIn('loner');
    expect((await phone.get(ME)).statusCode).toBe(200);
    const target = (await listed(here)).find((s) => s.device === 'Safari 18 on iOS') as Listed;

    const res = await signOut(here, target.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await phone.get(ME)).statusCode).toBe(401);
    expect((await kept.get(ME)).statusCode).toBe(200);
    expect((await signOut(here, target.id)).statusCode).toBe(404);
  });

  it('answers 404 for another user’s session, which keeps working, and for a malformed id', async () => {
    const here = await signedIn('loner');
    const gold = await signedIn('gold');
    const goldsId = (await listed(gold))[0]?.id as string;
    for (const id of [
      goldsId,
      goldsId.toUpperCase(),
      'not-a-session',
      '12',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      const res = await signOut(here, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await gold.get(ME)).statusCode).toBe(200);
  });

  it('answers 400 for the current session (sign out instead), and needs the CSRF token', async () => {
    const here = await signedIn('loner');
    const other = await signedIn('loner');
    const sessions = await listed(here);
    const mine = sessions.find((s) => s.current);
    const theirs = sessions.find((s) => !s.current);
    const res = await signOut(here, mine?.id as string);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This is the current session: sign out instead.' });
    expect((await here.get(ME)).statusCode).toBe(200);
    expect((await signOut(here, theirs?.id as string, { noCsrf: true })).statusCode).toBe(403);
    expect((await other.get(ME)).statusCode).toBe(200);
  });
});

describe('a password change issues a new session id', () => {
  it('ends every session, the current one included, and continues here under a new id in the same shop', async () => {
    // outsider works in B ("Rival Watches") and chooses A, so the kept shop is not the one a sign-in would pick.
    const platinum = await signedIn('platinum');
    expect(
      (
        await platinum.post(`/api/shops/${state.fx.shopId}/memberships/`, {
          user: state.fx.ids.outsider,
          role: 'silver',
        })
      ).statusCode,
    ).toBe(201);
    const here = await signedIn('outsider', SAFARI_IOS);
    const elsewhere = await signedIn('outsider');
    expect((await here.post('/api/session/shop/', { shop: state.fx.shopId })).json().shop.id).toBe(
      state.fx.shopId,
    );
    const oldCookie = here.cookies.get(SESSION_COOKIE) as string;
    const oldCsrf = here.csrf as string;

    const res = await here.post(CHANGE, {
      current_password: PASSWORD,
      new_password: 'tourbillon-1926-geneva',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password changed successfully.' });
    const newCookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(newCookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCookie?.value).not.toBe(oldCookie);
    expect(newCookie?.httpOnly).toBe(true);
    const newCsrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
    expect(newCsrf).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newCsrf).not.toBe(oldCsrf);

    // The new cookie works, in the shop chosen before, and it is the user's only session.
    expect((await here.get('/auth-check/')).json()).toMatchObject({
      user: { username: 'outsider' },
      shop: { id: state.fx.shopId },
      role: 'silver',
    });
    expect((await listed(here)).map((s) => [s.device, s.current])).toEqual([['Safari 18 on iOS', true]]);
    expect((await elsewhere.get(ME)).statusCode).toBe(401);
    expect((await platinum.get(ME)).statusCode).toBe(200);

    // The old cookie no longer works, even with the new CSRF token.
    const stale = new Browser(state.app);
    stale.cookies.set(SESSION_COOKIE, oldCookie);
    stale.cookies.set(CSRF_COOKIE, here.csrf as string);
    expect((await stale.get(ME)).statusCode).toBe(401);
    expect((await stale.get('/auth-check/')).json()).toMatchObject({ user: null, shop: null });
  });

  it('keeps the session and cookie when the change is refused', async () => {
    const here = await signedIn('loner');
    const cookie = here.cookies.get(SESSION_COOKIE);
    const res = await here.post(CHANGE, {
      current_password: 'wrong-password',
      new_password: 'tourbillon-1926-geneva',
    });
    expect(res.statusCode).toBe(400);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(here.cookies.get(SESSION_COOKIE)).toBe(cookie);
    expect((await here.get(ME)).statusCode).toBe(200);
  });
});
