import { apiTestbed, type Caller } from '../../helper';

const { state, as } = apiTestbed();

const url = () => `/api/shops/${state.fx.shopId}/memberships/`;
const DENIED = { detail: 'You do not have permission to perform this action.' };

async function memberships(): Promise<Array<{ user_id: number; role: string; active: boolean }>> {
  return state.db.query('SELECT user_id, role, active FROM memberships WHERE shop_id = $1 ORDER BY id', [
    state.fx.shopId,
  ]);
}

describe('authorization matrix', () => {
  // Who may do what in the demo shop: [caller, list gold, list silver, list all, add gold, add silver].
  const matrix: Array<[Caller, number, number, number, number, number]> = [
    ['anonymous', 401, 401, 401, 401, 401],
    ['silver', 403, 403, 403, 403, 403],
    ['gold', 403, 200, 200, 403, 201],
    ['platinum', 200, 200, 200, 201, 201],
    ['loner', 403, 403, 403, 403, 403],
    ['rival', 403, 403, 403, 403, 403],
  ];

  it.each(matrix)(
    '%s: list gold %i, list silver %i, list all %i, add gold %i, add silver %i',
    async (caller, lg, ls, la, ag, as_) => {
      const browser = await as(caller);
      expect((await browser.get(`${url()}?role=gold`)).statusCode).toBe(lg);
      expect((await browser.get(`${url()}?role=silver`)).statusCode).toBe(ls);
      expect((await browser.get(url())).statusCode).toBe(la);
      const before = await memberships();
      const gold = await browser.post(url(), { user: state.fx.ids.loner, role: 'gold', active: true });
      expect(gold.statusCode).toBe(ag);
      if (ag !== 201) expect(await memberships()).toEqual(before);
      await state.db.query('DELETE FROM memberships WHERE user_id = $1', [state.fx.ids.loner]);
      const silver = await browser.post(url(), { user: state.fx.ids.loner, role: 'silver', active: true });
      expect(silver.statusCode).toBe(as_);
      if (as_ !== 201) expect(await memberships()).toEqual(before);
      const expected =
        as_ === 401
          ? { detail: 'Authentication credentials were not provided.' }
          : as_ === 403
            ? DENIED
            : null;
      if (expected) expect(silver.json()).toEqual(expected);
    },
  );

  it('refuses a shop the caller is not a member of, and a shop that does not exist', async () => {
    const platinum = await as('platinum');
    for (const shop of [state.fx.otherShopId, 9999, 99999999999]) {
      const list = await platinum.get(`/api/shops/${shop}/memberships/`);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual(DENIED);
      const add = await platinum.post(`/api/shops/${shop}/memberships/`, {
        user: state.fx.ids.loner,
        role: 'silver',
        active: true,
      });
      expect(add.statusCode).toBe(403);
    }
    expect(
      await state.db.query('SELECT 1 FROM memberships WHERE user_id = $1', [state.fx.ids.loner]),
    ).toHaveLength(0);
  });

  it('answers 404 for a shop id that is not a number', async () => {
    const res = await (await as('platinum')).get('/api/shops/abc/memberships/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('treats an inactive membership as none', async () => {
    await state.db.query('UPDATE memberships SET active = false WHERE user_id = $1', [state.fx.ids.gold]);
    const gold = await as('gold');
    expect((await gold.get(url())).statusCode).toBe(403);
    expect((await gold.get('/auth-check/')).json()).toMatchObject({ role: null, shop: null });
  });
});

describe('GET memberships', () => {
  it('lists gold and silver members for platinum, never the owner', async () => {
    const res = await (await as('platinum')).get(url());
    expect(res.json()).toEqual({
      results: [
        { id: expect.any(Number), user: state.fx.ids.gold, role: 'gold', active: true },
        { id: expect.any(Number), user: state.fx.ids.silver, role: 'silver', active: true },
      ],
      count: 2,
    });
  });

  it('filters by role', async () => {
    const platinum = await as('platinum');
    expect((await platinum.get(`${url()}?role=gold`)).json()).toEqual({
      results: [{ id: expect.any(Number), user: state.fx.ids.gold, role: 'gold', active: true }],
      count: 1,
    });
    expect(
      (await platinum.get(`${url()}?role=silver`)).json().results.map((m: { user: number }) => m.user),
    ).toEqual([state.fx.ids.silver]);
  });

  it('lists only silver members for gold', async () => {
    const res = await (await as('gold')).get(url());
    expect(res.json()).toEqual({
      results: [{ id: expect.any(Number), user: state.fx.ids.silver, role: 'silver', active: true }],
      count: 1,
    });
  });

  it('rejects an unknown role filter, and ignores other query parameters as DRF does', async () => {
    const platinum = await as('platinum');
    const bad = await platinum.get(`${url()}?role=platinum`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ role: ['"platinum" is not a valid choice.'] });
    const extra = await platinum.get(`${url()}?role=gold&_=1712345678`);
    expect(extra.statusCode).toBe(200);
    expect(extra.json().count).toBe(1);
  });
});

describe('POST memberships', () => {
  it('adds a gold member (platinum) and a silver member (gold), created active', async () => {
    const res = await (
      await as('platinum')
    ).post(url(), { user: state.fx.ids.loner, role: 'gold', active: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      user: state.fx.ids.loner,
      role: 'gold',
      active: true,
    });
    const gold = await as('gold');
    const silver = await gold.post(url(), { user: state.fx.ids.outsider, role: 'silver' });
    expect(silver.statusCode).toBe(201);
    expect(silver.json()).toMatchObject({ user: state.fx.ids.outsider, role: 'silver', active: true });
    expect((await gold.get(url())).json().count).toBe(2);
  });

  it('accepts the user id as a numeric string, as DRF does', async () => {
    const res = await (
      await as('platinum')
    ).post(url(), { user: String(state.fx.ids.loner), role: 'silver', active: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toBe(state.fx.ids.loner);
  });

  it('promotes an existing member instead of adding a second membership', async () => {
    const platinum = await as('platinum');
    const res = await platinum.post(url(), { user: state.fx.ids.silver, role: 'gold', active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: state.fx.ids.silver, role: 'gold', active: true });
    const rows = await memberships();
    expect(rows.filter((m) => m.user_id === state.fx.ids.silver)).toEqual([
      { user_id: state.fx.ids.silver, role: 'gold', active: true },
    ]);
    // Their session now carries the new role.
    expect((await (await as('silver')).get('/auth-check/')).json().role).toBe('gold');
  });

  it('reactivates an inactive member', async () => {
    await state.db.query('UPDATE memberships SET active = false WHERE user_id = $1', [state.fx.ids.silver]);
    const res = await (
      await as('gold')
    ).post(url(), { user: state.fx.ids.silver, role: 'silver', active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: true });
  });

  it('never changes the owner', async () => {
    const before = await memberships();
    for (const role of ['gold', 'silver']) {
      const res = await (
        await as('platinum')
      ).post(url(), { user: state.fx.ids.platinum, role, active: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/owns this shop/);
    }
    expect(await memberships()).toEqual(before);
  });

  it('does not let gold change a gold member', async () => {
    const res = await (
      await as('gold')
    ).post(url(), { user: state.fx.ids.gold, role: 'silver', active: true });
    expect(res.statusCode).toBe(403);
    expect(await memberships()).toContainEqual({ user_id: state.fx.ids.gold, role: 'gold', active: true });
  });

  it.each<[unknown, string]>([
    ['abc', 'A valid integer is required.'],
    ['', 'A valid integer is required.'],
    [1.5, 'A valid integer is required.'],
    [true, 'A valid integer is required.'],
    [null, 'This field may not be null.'],
    [0, 'Invalid pk "0" - object does not exist.'],
    [424242, 'Invalid pk "424242" - object does not exist.'],
    [9007199254740991, 'Invalid pk "9007199254740991" - object does not exist.'],
  ])('rejects the user %p with a field error', async (user, message) => {
    const res = await (await as('platinum')).post(url(), { user, role: 'silver', active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user: [message] });
    expect(await memberships()).toHaveLength(3);
  });

  it('validates role, active and unknown fields', async () => {
    const platinum = await as('platinum');
    expect((await platinum.post(url(), { user: state.fx.ids.loner })).json()).toEqual({
      role: ['This field is required.'],
    });
    expect((await platinum.post(url(), { user: state.fx.ids.loner, role: 'platinum' })).json()).toEqual({
      role: ['"platinum" is not a valid choice.'],
    });
    expect(
      (await platinum.post(url(), { user: state.fx.ids.loner, role: 'gold', active: 'yes' })).json(),
    ).toEqual({
      active: ['Must be a valid boolean.'],
    });
    expect((await platinum.post(url(), { user: state.fx.ids.loner, role: 'gold', shop: 2 })).json()).toEqual({
      shop: ['This field is not allowed.'],
    });
    expect((await platinum.post(url(), {})).json()).toEqual({
      user: ['This field is required.'],
      role: ['This field is required.'],
    });
    expect(await memberships()).toHaveLength(3);
  });
});
