import { SESSION_COOKIE } from '@loupe/contracts';
import { hashSessionKey } from '../../../src/modules/auth/sessions';
import { Browser, PASSWORD, apiTestbed } from '../../helper';

const { state, rebuild, appWith } = apiTestbed({ clock: true });

const MINUTE = 60_000;

/** Retries `check` for up to two seconds of real time: a notification arrives after the request that sent it. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('GET /csrf/', () => {
  it('sets a csrftoken cookie the page can read, and keeps a valid one', async () => {
    const browser = new Browser(state.app);
    const res = await browser.get('/csrf/');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const again = await browser.get('/csrf/');
    expect(again.cookies.find((c) => c.name === 'csrftoken')).toBeUndefined();
  });
});

describe('GET /auth-check/', () => {
  it('answers nulls to an anonymous visitor', async () => {
    const res = await new Browser(state.app).get('/auth-check/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: null,
      role: null,
      shop: null,
      shops: [],
      must_change_password: false,
      permission_settings: { silverSeesCosts: false },
      nominated_officer: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['platinum', 'gold', 'silver'] as const)('gives %s their user, role and shop', async (name) => {
    const browser = new Browser(state.app);
    await browser.signIn(name);
    const res = await browser.get('/auth-check/');
    expect(res.json()).toEqual({
      user: {
        id: state.fx.ids[name],
        username: name,
        email: `${name}@example.com`,
        first_name: expect.any(String),
        last_name: expect.any(String),
      },
      role: name,
      shop: { id: state.fx.shopId, name: 'Loupe Demo', time_zone: 'Europe/London' },
      shops: [
        { id: state.fx.shopId, name: 'Loupe Demo', time_zone: 'Europe/London', role: name, is_new: false },
      ],
      must_change_password: false,
      permission_settings: { silverSeesCosts: false },
      nominated_officer: false,
    });
  });

  it("names the shop's own IANA time zone, so the browser can show its days", async () => {
    await state.db.query(`UPDATE shops SET timezone = 'America/New_York' WHERE id = $1`, [state.fx.shopId]);
    const browser = new Browser(state.app);
    await browser.signIn('silver');
    expect((await browser.get('/auth-check/')).json().shop).toEqual({
      id: state.fx.shopId,
      name: 'Loupe Demo',
      time_zone: 'America/New_York',
    });
  });

  it('gives a user without membership a null role and shop', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('loner');
    expect((await browser.get('/auth-check/')).json()).toMatchObject({
      user: { username: 'loner' },
      role: null,
      shop: null,
      shops: [],
    });
  });
});

describe('POST /token/', () => {
  it('signs in with a new HttpOnly session cookie and answers who signed in', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const res = await browser.post('/token/', { username: 'gold', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { username: 'gold' }, role: 'gold' });
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.secure).toBeFalsy();
  });

  it('stores only a hash of the session id', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    const key = browser.cookies.get(SESSION_COOKIE) as string;
    const rows = await state.db.query<{ key_hash: string }>('SELECT key_hash FROM sessions');
    expect(rows).toEqual([{ key_hash: hashSessionKey(key) }]);
    expect(rows[0]?.key_hash).not.toContain(key);
  });

  it('rejects a wrong password or an unknown user with 400 and a detail, and starts no session', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    for (const body of [
      { username: 'gold', password: 'wrong-password' },
      { username: 'nobody', password: PASSWORD },
    ]) {
      const res = await browser.post('/token/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Unable to log in with provided credentials.' });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(await state.db.query('SELECT 1 FROM sessions')).toHaveLength(0);
  });

  it('rejects an inactive user', async () => {
    await state.db.query('UPDATE users SET is_active = false WHERE id = $1', [state.fx.ids.gold]);
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(400);
  });

  it('requires both fields, not blank', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const missing = await browser.post('/token/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const blank = await browser.post('/token/', { username: ' ', password: '' });
    expect(blank.json()).toEqual({
      username: ['This field may not be blank.'],
      password: ['This field may not be blank.'],
    });
  });

  it('issues a new session id at sign-in and ends the one the browser brought (no fixation)', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('silver');
    const first = browser.cookies.get(SESSION_COOKIE) as string;
    await browser.signIn('gold');
    const second = browser.cookies.get(SESSION_COOKIE) as string;
    expect(second).not.toBe(first);
    const planted = new Browser(state.app);
    planted.cookies.set(SESSION_COOKIE, first);
    expect((await planted.get('/auth-check/')).json().user).toBeNull();
    expect(await state.db.query('SELECT 1 FROM sessions')).toHaveLength(1);
  });

  it('rotates the CSRF token at sign-in', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const before = browser.csrf;
    await browser.signIn('gold');
    expect(browser.csrf).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(browser.csrf).not.toBe(before);
    // The old token no longer passes.
    const stale = await browser.post('/logout/', undefined, { headers: { 'X-CSRFToken': before as string } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: 'CSRF Failed: CSRF token incorrect.' });
  });

  it('marks cookies Secure over HTTPS when COOKIE_SECURE is auto, and always when true', async () => {
    const https = new Browser(state.app);
    const viaHttps = await https.get('/csrf/', { headers: { 'x-forwarded-proto': 'https' } });
    // Without TRUST_PROXY the forwarded scheme is ignored.
    expect(viaHttps.cookies[0]?.secure).toBeFalsy();
    await rebuild({ TRUST_PROXY: '1' });
    const proxied = await new Browser(state.app).get('/csrf/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.cookies[0]?.secure).toBe(true);
    await rebuild({ COOKIE_SECURE: 'true' });
    const browser = new Browser(state.app);
    const res = await browser.get('/csrf/');
    expect(res.cookies[0]?.secure).toBe(true);
    const signIn = await browser.post('/token/', { username: 'gold', password: PASSWORD });
    expect(signIn.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });
});

describe('POST /logout/', () => {
  it('destroys the session in the database and clears the cookie', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    const key = browser.cookies.get(SESSION_COOKIE) as string;
    // The browser's client sends a JSON content type on every call, even without a body.
    const res = await browser.post('/logout/', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await state.db.query('SELECT 1 FROM sessions')).toHaveLength(0);
    const replay = new Browser(state.app);
    replay.cookies.set(SESSION_COOKIE, key);
    expect((await replay.get('/api/profile/me/')).statusCode).toBe(401);
  });

  it('is harmless when nobody is signed in', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    expect((await browser.post('/logout/')).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('expires after 30 idle minutes', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    state.clock.advance(29 * MINUTE);
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    state.clock.advance(29 * MINUTE); // activity 29 minutes ago keeps it alive
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    state.clock.advance(31 * MINUTE);
    const res = await browser.get('/api/profile/me/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await browser.get('/auth-check/')).json().user).toBeNull();
  });

  it('expires 12 hours after sign-in however active', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      state.clock.advance(20 * MINUTE);
      expect((await browser.get('/auth-check/')).json().user).not.toBeNull();
    }
    state.clock.advance(20 * MINUTE);
    expect((await browser.get('/auth-check/')).json().user).toBeNull();
  });

  it('honours SESSION_IDLE_MINUTES and SESSION_MAX_HOURS', async () => {
    await rebuild({ SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '1' });
    const idle = new Browser(state.app);
    await idle.signIn('gold');
    state.clock.advance(6 * MINUTE);
    expect((await idle.get('/api/profile/me/')).statusCode).toBe(401);
    const busy = new Browser(state.app);
    await busy.signIn('silver');
    for (let i = 0; i < 14; i += 1) {
      state.clock.advance(4 * MINUTE);
      expect((await busy.get('/api/profile/me/')).statusCode).toBe(200);
    }
    state.clock.advance(5 * MINUTE);
    expect((await busy.get('/api/profile/me/')).statusCode).toBe(401);
  });

  it('writes last-seen at most once a minute', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    const lastSeen = async () =>
      new Date(
        (await state.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions'))[0]!.last_seen_at,
      ).getTime();
    const start = await lastSeen();
    state.clock.advance(30_000);
    await browser.get('/auth-check/');
    expect(await lastSeen()).toBe(start);
    state.clock.advance(31_000);
    await browser.get('/auth-check/');
    expect(await lastSeen()).toBe(start + 61_000);
  });

  it('ignores a forged or malformed session cookie', async () => {
    const browser = new Browser(state.app);
    browser.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(401);
    browser.cookies.set(SESSION_COOKIE, "x' OR 1=1 --");
    expect((await browser.get('/auth-check/')).json()).toEqual({
      user: null,
      role: null,
      shop: null,
      shops: [],
      must_change_password: false,
      permission_settings: { silverSeesCosts: false },
      nominated_officer: false,
    });
  });
});

describe('session cache', () => {
  it('shows a role change to the member’s open session at once', async () => {
    const silver = new Browser(state.app);
    await silver.signIn('silver');
    expect((await silver.get('/auth-check/')).json().role).toBe('silver');
    const owner = new Browser(state.app);
    await owner.signIn('platinum');
    expect(
      (
        await owner.post(`/api/shops/${state.fx.shopId}/memberships/`, {
          user: state.fx.ids.silver,
          role: 'gold',
        })
      ).statusCode,
    ).toBe(200);
    expect((await silver.get('/auth-check/')).json().role).toBe('gold');
  });

  /** gold signs in here, another instance (with `env`) is shown the same cookie, and gold signs out here. */
  async function signOutSeenBy(env?: Record<string, string>): Promise<Browser> {
    const other = await appWith(env);
    const here = new Browser(state.app);
    await here.signIn('gold');
    const there = new Browser(other);
    there.cookies.set(SESSION_COOKIE, here.cookies.get(SESSION_COOKIE) as string);
    expect((await there.get('/api/profile/me/')).statusCode).toBe(200);
    await here.post('/logout/');
    return there;
  }

  it('sees a sign-out made by another instance at once: it is told through the database (NOTIFY)', async () => {
    const there = await signOutSeenBy();
    // The clock stands still: only the notification can have emptied the other instance's copy.
    await eventually(async () => expect((await there.get('/api/profile/me/')).statusCode).toBe(401));
  });

  it('keeps a looked-up session in memory: a row deleted behind its back is still served until it expires', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    // No NOTIFY: what a lost notification would leave behind, bounded by SESSION_CACHE_SECONDS.
    await state.db.query('DELETE FROM sessions WHERE user_id = $1', [state.fx.ids.gold]);
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    state.clock.advance(5_000);
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(401);
  });

  it('another instance sees a role change, a removal and a shop setting made here, without waiting', async () => {
    const other = await appWith();
    const silver = new Browser(state.app);
    await silver.signIn('silver');
    const there = new Browser(other);
    there.cookies.set(SESSION_COOKIE, silver.cookies.get(SESSION_COOKIE) as string);
    const check = async () => (await there.get('/auth-check/')).json();
    expect(await check()).toMatchObject({ role: 'silver', permission_settings: { silverSeesCosts: false } });
    const owner = new Browser(state.app);
    await owner.signIn('platinum');

    expect((await owner.put('/api/shop/settings/', { silverSeesCosts: true })).statusCode).toBe(200);
    await eventually(async () =>
      expect(await check()).toMatchObject({ permission_settings: { silverSeesCosts: true } }),
    );
    const members = `/api/shops/${state.fx.shopId}/memberships/`;
    expect((await owner.post(members, { user: state.fx.ids.silver, role: 'gold' })).statusCode).toBe(200);
    await eventually(async () => expect(await check()).toMatchObject({ role: 'gold' }));
    expect(
      (await owner.post(members, { user: state.fx.ids.silver, role: 'gold', active: false })).statusCode,
    ).toBe(200);
    await eventually(async () => expect(await check()).toMatchObject({ role: null, shop: null }));
  });

  it('another instance sees "sign out everywhere else" and a new password at once', async () => {
    const other = await appWith();
    const phone = new Browser(state.app);
    await phone.signIn('gold');
    const laptop = new Browser(state.app);
    await laptop.signIn('gold');
    const there = new Browser(other);
    there.cookies.set(SESSION_COOKIE, phone.cookies.get(SESSION_COOKIE) as string);
    expect((await there.get('/api/profile/me/')).statusCode).toBe(200);
    expect((await laptop.post('/api/account/sessions/sign-out-others/')).statusCode).toBe(200);
    await eventually(async () => expect((await there.get('/api/profile/me/')).statusCode).toBe(401));
  });

  it('asks the database every time with SESSION_CACHE_SECONDS=0', async () => {
    const there = await signOutSeenBy({ SESSION_CACHE_SECONDS: '0' });
    expect((await there.get('/api/profile/me/')).statusCode).toBe(401);
  });
});

describe('sign-in throttling', () => {
  const fail = (browser: Browser, username = 'gold') =>
    browser.post('/token/', { username, password: 'not-the-password' });

  it('answers 429 with Retry-After after 10 failures in 15 minutes, for the rest of the window', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    for (let i = 0; i < 10; i += 1) {
      expect((await fail(browser)).statusCode).toBe(400);
      state.clock.advance(MINUTE);
    }
    // First failure at t=0, tenth at t=9 min, now t=10 min: blocked until the first leaves the window.
    const blocked = await browser.post('/token/', { username: 'gold', password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('300');
    expect(blocked.json()).toEqual({ detail: 'Request was throttled. Expected available in 300 seconds.' });
    expect(blocked.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    state.clock.advance(4 * MINUTE);
    expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(429);
    state.clock.advance(MINUTE);
    expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(200);
  });

  it('counts per username and address: another user, or the same user elsewhere, is not blocked', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    for (let i = 0; i < 10; i += 1) await fail(browser, 'GOLD');
    expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(429);
    expect((await browser.post('/token/', { username: 'silver', password: PASSWORD })).statusCode).toBe(200);
    // A different client address (behind a trusted proxy, X-Forwarded-For is the client).
    await rebuild({ TRUST_PROXY: '1' });
    const elsewhere = new Browser(state.app);
    await elsewhere.get('/csrf/');
    const res = await elsewhere.post(
      '/token/',
      { username: 'gold', password: PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(res.statusCode).toBe(200);
  });

  it('forgets old failures: 9 failures, then a success, then 9 more do not block', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    for (let i = 0; i < 9; i += 1) await fail(browser);
    await browser.signIn('gold');
    for (let i = 0; i < 9; i += 1) await fail(browser);
    expect((await browser.post('/token/', { username: 'gold', password: PASSWORD })).statusCode).toBe(200);
  });
});
