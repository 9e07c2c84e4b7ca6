// The session cache across instances (issue 26, goal 1). Two apps on one database, as two API processes behind a
// load balancer: what one of them does to a session is honoured by the other at once, told through the
// database's NOTIFY, not after the cache's lifetime (the clock stands still, so nothing expires on its own).
// Sign-out, "sign out everywhere else", role and shop-setting changes are in test/modules/auth/session.test.ts,
// the listening connection's loss and return in test/instances/session-listener.test.ts (PostgreSQL only).
// Runs on both databases: on PGlite the second app shares the process and hears the same channel.
import { SESSION_COOKIE } from '@loupe/contracts';
import { Browser, PASSWORD, apiTestbed } from '../helper';

const { state, appWith } = apiTestbed({ clock: true });

const ME = '/api/profile/me/';

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

/** `username` signed in on this instance, and the same browser's cookie shown to instance B (`other`). */
async function signedInOnBoth(username: string, env?: Record<string, string>) {
  const other = await appWith(env);
  const here = new Browser(state.app);
  await here.signIn(username);
  const there = new Browser(other);
  there.cookies.set(SESSION_COOKIE, here.cookies.get(SESSION_COOKIE) as string);
  // B looks the session up once and keeps it.
  expect((await there.get(ME)).statusCode).toBe(200);
  return { here, there, other };
}

describe('two instances on one database', () => {
  it('a session revoked from "Your sessions" on A is refused on B at once', async () => {
    const { there } = await signedInOnBoth('gold');
    const laptop = new Browser(state.app);
    await laptop.signIn('gold');
    const sessions = (await laptop.get('/api/account/sessions/')).json() as {
      results: Array<{ id: string; current: boolean }>;
    };
    const revoked = sessions.results.find((session) => !session.current);
    expect(revoked).toBeDefined();
    expect((await laptop.send('DELETE', `/api/account/sessions/${revoked?.id}/`)).statusCode).toBe(204);
    await eventually(async () => expect((await there.get(ME)).statusCode).toBe(401));
    expect((await laptop.get(ME)).statusCode).toBe(200);
  });

  it('a password changed on A ends the old session on B at once; the new session works on B', async () => {
    const { here, there, other } = await signedInOnBoth('gold');
    const changed = await here.post('/api/account/change-password/', {
      current_password: PASSWORD,
      new_password: 'tourbillon-1926-geneva',
    });
    expect(changed.statusCode).toBe(200);
    await eventually(async () => expect((await there.get(ME)).statusCode).toBe(401));
    const renewed = new Browser(other);
    renewed.cookies.set(SESSION_COOKIE, here.cookies.get(SESSION_COOKIE) as string);
    expect((await renewed.get(ME)).statusCode).toBe(200);
  });

  it('a shop switch on A shows on B at once', async () => {
    const owner = new Browser(state.app);
    await owner.signIn('platinum');
    const members = `/api/shops/${state.fx.shopId}/memberships/`;
    expect((await owner.post(members, { user: state.fx.ids.outsider, role: 'silver' })).statusCode).toBe(201);
    const { here, there } = await signedInOnBoth('outsider');
    const before = (await there.get('/auth-check/')).json() as { shop: { id: number } };
    const target = before.shop.id === state.fx.shopId ? state.fx.otherShopId : state.fx.shopId;
    expect((await here.post('/api/session/shop/', { shop: target })).statusCode).toBe(200);
    // The switch may hand out a new cookie; the old one, on B, must not keep the old shop.
    await eventually(async () => {
      const seen = await there.get('/auth-check/');
      const shop = seen.statusCode === 200 ? (seen.json() as { shop: { id: number } | null }).shop : null;
      expect(shop?.id).not.toBe(before.shop.id);
    });
  });
});

describe('the session kept in memory (resolveInMemory, the signed-in fast path)', () => {
  it('still writes last-seen once a minute: a kept session is not served past its touch', async () => {
    const browser = new Browser(await appWith({ SESSION_CACHE_SECONDS: '300' }));
    await browser.get('/csrf/');
    await browser.signIn('gold');
    const lastSeen = async () =>
      (
        await state.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE user_id = $1', [
          state.fx.ids.gold,
        ])
      )[0]?.last_seen_at.getTime();
    expect((await browser.get(ME)).statusCode).toBe(200);
    const first = await lastSeen();
    state.clock.advance(30_000);
    expect((await browser.get(ME)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(first);
    state.clock.advance(31_000);
    expect((await browser.get(ME)).statusCode).toBe(200);
    expect(await lastSeen()).toBe((first as number) + 61_000);
  });

  it('refuses a kept session past the idle limit although its copy is still fresh', async () => {
    const browser = new Browser(await appWith({ SESSION_CACHE_SECONDS: '300', SESSION_IDLE_MINUTES: '1' }));
    await browser.get('/csrf/');
    await browser.signIn('gold');
    expect((await browser.get(ME)).statusCode).toBe(200);
    state.clock.advance(60_000);
    expect((await browser.get(ME)).statusCode).toBe(401);
  });

  it('serves an unannounced deletion only for the cache’s lifetime (SESSION_CACHE_SECONDS)', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    expect((await browser.get(ME)).statusCode).toBe(200);
    // No NOTIFY: what a lost notification would leave behind.
    await state.db.query('DELETE FROM sessions WHERE user_id = $1', [state.fx.ids.gold]);
    state.clock.advance(4_999);
    expect((await browser.get(ME)).statusCode).toBe(200);
    state.clock.advance(1);
    expect((await browser.get(ME)).statusCode).toBe(401);
  });
});
