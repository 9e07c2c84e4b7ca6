import { Browser, apiTestbed } from '../../helper';

const { state, as: signedIn } = apiTestbed();

/*
 * The issue's scenario in the fixtures' names: shop A is "Loupe Demo" (owner platinum, gold member gold), shop B
 * is "Rival Watches" (owner rival, silver member outsider, who plays x).
 */
const SWITCH = '/api/session/shop/';
const NOTICE_SEEN = '/api/session/shop-notice-seen/';
const membershipsOfA = () => `/api/shops/${state.fx.shopId}/memberships/`;

async function clientNames(browser: Browser): Promise<string[]> {
  const res = await browser.get('/api/clients/');
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Array<{ name: string }> }).results.map((c) => c.name);
}

/** The shop a user's next sign-in starts in. */
async function lastShopOf(userId: number): Promise<number | undefined> {
  const rows = await state.db.query<{ last_shop_id: number }>(
    'SELECT last_shop_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.last_shop_id;
}

async function auditOf(membershipId: number) {
  return state.db.query<{
    action: string;
    user_id: number;
    before: unknown;
    after: unknown;
    shop_id: number;
  }>(
    `SELECT action, user_id, before, after, shop_id FROM audit_log
      WHERE entity = 'membership' AND entity_id = $1 ORDER BY id`,
    [membershipId],
  );
}

describe('the cross-shop scenario', () => {
  it('adding x to another shop never moves their work there; x chooses, and removal takes effect at once', async () => {
    const x = await signedIn('outsider');
    const pA = await signedIn('platinum');
    const pB = await signedIn('rival');
    const gA = await signedIn('gold');
    expect((await x.get('/auth-check/')).json()).toMatchObject({
      role: 'silver',
      shop: { id: state.fx.otherShopId, name: 'Rival Watches' },
    });

    const granted = await gA.post(membershipsOfA(), {
      user: state.fx.ids.outsider,
      role: 'silver',
      active: true,
    });
    expect(granted.statusCode).toBe(201);
    const membershipId = (granted.json() as { id: number }).id;

    // x's existing session still works in B: a client x creates lands there.
    expect((await x.post('/api/clients/', { name: 'Filed in B', email: 'b@example.com' })).statusCode).toBe(
      201,
    );
    expect(await clientNames(pB)).toContain('Filed in B');
    expect(await clientNames(pA)).not.toContain('Filed in B');

    const check = (await x.get('/auth-check/')).json();
    expect(check).toMatchObject({ role: 'silver', shop: { id: state.fx.otherShopId } });
    // Ordered by shop name: "Loupe Demo" before "Rival Watches".
    expect(check.shops).toEqual([
      { id: state.fx.shopId, name: 'Loupe Demo', time_zone: 'Europe/London', role: 'silver', is_new: true },
      {
        id: state.fx.otherShopId,
        name: 'Rival Watches',
        time_zone: 'Europe/London',
        role: 'silver',
        is_new: false,
      },
    ]);

    // A new sign-in still starts in the shop x worked in.
    const xAgain = await signedIn('outsider');
    expect((await xAgain.get('/auth-check/')).json().shop.id).toBe(state.fx.otherShopId);

    const seen = await x.post(NOTICE_SEEN, { shop: state.fx.shopId });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().shop.id).toBe(state.fx.otherShopId);
    expect(seen.json().shops.map((s: { is_new: boolean }) => s.is_new)).toEqual([false, false]);
    // x's other session (cached a moment ago) no longer shows the notice either.
    expect((await xAgain.get('/auth-check/')).json().shops.map((s: { is_new: boolean }) => s.is_new)).toEqual(
      [false, false],
    );

    const switched = await x.post(SWITCH, { shop: state.fx.shopId });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({
      role: 'silver',
      shop: { id: state.fx.shopId, name: 'Loupe Demo' },
    });
    expect((await x.post('/api/clients/', { name: 'Filed in A', email: 'a@example.com' })).statusCode).toBe(
      201,
    );
    expect(await clientNames(pA)).toContain('Filed in A');
    expect(await clientNames(pB)).not.toContain('Filed in A');
    // The other session keeps its own shop; the next sign-in starts where x chose last.
    expect((await xAgain.get('/auth-check/')).json().shop.id).toBe(state.fx.otherShopId);
    expect((await (await signedIn('outsider')).get('/auth-check/')).json().shop.id).toBe(state.fx.shopId);

    // The owner removes x: x's very next request (the session was cached) sees no shop and no shop data.
    expect((await x.get('/api/clients/')).statusCode).toBe(200);
    const removed = await pA.post(membershipsOfA(), {
      user: state.fx.ids.outsider,
      role: 'silver',
      active: false,
    });
    expect(removed.statusCode).toBe(200);
    expect((await x.get('/auth-check/')).json()).toMatchObject({
      role: null,
      shop: null,
      shops: [{ id: state.fx.otherShopId, role: 'silver' }],
    });
    const refused = await x.get('/api/clients/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Choose a shop to work in.' });
    expect((await x.post(SWITCH, { shop: state.fx.shopId })).statusCode).toBe(400);
    // Switching back to B works.
    expect((await x.post(SWITCH, { shop: state.fx.otherShopId })).json().shop.id).toBe(state.fx.otherShopId);

    expect(await auditOf(membershipId)).toEqual([
      {
        action: 'grant',
        user_id: state.fx.ids.gold,
        shop_id: state.fx.shopId,
        before: null,
        after: { user: state.fx.ids.outsider, role: 'silver', active: true },
      },
      {
        action: 'revoke',
        user_id: state.fx.ids.platinum,
        shop_id: state.fx.shopId,
        before: { user: state.fx.ids.outsider, role: 'silver', active: true },
        after: { user: state.fx.ids.outsider, role: 'silver', active: false },
      },
    ]);
  });

  it('answers the same 400 for a shop the caller is not in and one that does not exist, and changes nothing', async () => {
    const x = await signedIn('outsider');
    for (const shop of [state.fx.shopId, 999_999, 2_147_483_648]) {
      for (const url of [SWITCH, NOTICE_SEEN]) {
        const res = await x.post(url, { shop });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ shop: [`Invalid pk "${shop}" - object does not exist.`] });
      }
    }
    expect((await x.get('/auth-check/')).json().shop.id).toBe(state.fx.otherShopId);
    expect(await lastShopOf(state.fx.ids.outsider)).toBe(state.fx.otherShopId);
  });

  it('asks for a shop id and a CSRF token, and a signed-in caller', async () => {
    const x = await signedIn('outsider');
    expect((await x.post(SWITCH, {})).statusCode).toBe(400);
    expect((await x.post(SWITCH, { shop: 'B' })).statusCode).toBe(400);
    const noCsrf = await x.post(SWITCH, { shop: state.fx.otherShopId }, { noCsrf: true });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().detail).toMatch(/^CSRF Failed/);
    const anonymous = new Browser(state.app);
    await anonymous.get('/csrf/');
    expect((await anonymous.post(SWITCH, { shop: state.fx.otherShopId })).statusCode).toBe(401);
  });
});

describe('memberships and their notices', () => {
  it('a user with no shop still works in none after being added, until they choose it or sign in again', async () => {
    const loner = await signedIn('loner');
    expect((await loner.get('/api/clients/')).json()).toEqual({
      detail: 'You are not a member of any shop.',
    });
    const pA = await signedIn('platinum');
    expect((await pA.post(membershipsOfA(), { user: state.fx.ids.loner, role: 'gold' })).statusCode).toBe(
      201,
    );
    expect((await loner.get('/auth-check/')).json()).toMatchObject({
      shop: null,
      role: null,
      shops: [{ id: state.fx.shopId, role: 'gold', is_new: true }],
    });
    expect((await loner.get('/api/clients/')).json()).toEqual({ detail: 'Choose a shop to work in.' });
    // The next sign-in has nowhere else to start, and remembers it.
    expect((await (await signedIn('loner')).get('/auth-check/')).json().shop.id).toBe(state.fx.shopId);
    expect(await lastShopOf(state.fx.ids.loner)).toBe(state.fx.shopId);
  });

  it('audits a role change and a re-activation, which makes the membership new again', async () => {
    const pA = await signedIn('platinum');
    const silver = await signedIn('silver');
    const [row] = await state.db.query<{ id: number }>(
      'SELECT id FROM memberships WHERE shop_id = $1 AND user_id = $2',
      [state.fx.shopId, state.fx.ids.silver],
    );
    const id = row?.id as number;
    expect((await pA.post(membershipsOfA(), { user: state.fx.ids.silver, role: 'gold' })).statusCode).toBe(
      200,
    );
    expect((await silver.get('/auth-check/')).json()).toMatchObject({
      role: 'gold',
      shops: [{ is_new: false }],
    });
    // Saving what is already there is no event.
    expect((await pA.post(membershipsOfA(), { user: state.fx.ids.silver, role: 'gold' })).statusCode).toBe(
      200,
    );
    await pA.post(membershipsOfA(), { user: state.fx.ids.silver, role: 'gold', active: false });
    expect((await silver.get('/auth-check/')).json()).toMatchObject({ role: null, shop: null, shops: [] });
    await pA.post(membershipsOfA(), { user: state.fx.ids.silver, role: 'silver', active: true });
    expect((await silver.get('/auth-check/')).json()).toMatchObject({
      role: 'silver',
      shop: { id: state.fx.shopId },
      shops: [{ id: state.fx.shopId, is_new: true }],
    });
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'change',
        { user: state.fx.ids.silver, role: 'silver', active: true },
        { user: state.fx.ids.silver, role: 'gold', active: true },
      ],
      [
        'revoke',
        { user: state.fx.ids.silver, role: 'gold', active: true },
        { user: state.fx.ids.silver, role: 'gold', active: false },
      ],
      [
        'restore',
        { user: state.fx.ids.silver, role: 'gold', active: false },
        { user: state.fx.ids.silver, role: 'silver', active: true },
      ],
    ]);
    expect(rows.every((r) => r.user_id === state.fx.ids.platinum && r.shop_id === state.fx.shopId)).toBe(
      true,
    );
  });

  it('writes no audit row when the save is refused', async () => {
    const gA = await signedIn('gold');
    expect((await gA.post(membershipsOfA(), { user: state.fx.ids.loner, role: 'gold' })).statusCode).toBe(
      403,
    );
    expect(await state.db.query(`SELECT 1 FROM audit_log WHERE entity = 'membership'`)).toHaveLength(0);
  });
});
