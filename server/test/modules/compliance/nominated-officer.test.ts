import { NOMINATED_OFFICER_ONLY, NOMINATE_NOT_ALLOWED, NOMINEE_NOT_ELIGIBLE } from '@loupe/contracts';
import { apiTestbed, type Caller } from '../../helper';
import {
  isNominatedOfficer,
  requireNominatedOfficer,
} from '../../../src/modules/compliance/nominated-officer';

// The nominated officer (MLR 2017 reg. 21(3)): one per shop, named by the owner alone, audited, and told to the
// browser through auth-check.
const { state, as } = apiTestbed();

const url = (shopId = state.fx.shopId) => `/api/shops/${shopId}/nominated-officer/`;

async function flagged(): Promise<Array<{ shop_id: number; user_id: number }>> {
  return state.db.query(
    'SELECT shop_id, user_id FROM memberships WHERE nominated_officer ORDER BY shop_id, user_id',
  );
}

async function auditOf(action: string): Promise<Array<{ entity: string; before: unknown; after: unknown }>> {
  return state.db.query(
    'SELECT entity, before, after FROM audit_log WHERE shop_id = $1 AND action = $2 ORDER BY id',
    [state.fx.shopId, action],
  );
}

describe('naming the nominated officer', () => {
  it('starts with nobody named; the owner names a gold member, audited, and auth-check says so', async () => {
    const platinum = await as('platinum');
    expect((await platinum.get(url())).json()).toEqual({ user: null });
    const gold = await as('gold');
    expect((await gold.get('/auth-check/')).json().nominated_officer).toBe(false);

    const named = await platinum.put(url(), { user: state.fx.ids.gold });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ user: state.fx.ids.gold });
    expect(await flagged()).toEqual([{ shop_id: state.fx.shopId, user_id: state.fx.ids.gold }]);
    expect((await gold.get(url())).json()).toEqual({ user: state.fx.ids.gold });
    // The session cache was told: the flag shows on the next auth-check, not after the cache expires.
    expect((await gold.get('/auth-check/')).json().nominated_officer).toBe(true);
    expect((await platinum.get('/auth-check/')).json().nominated_officer).toBe(false);
    expect(await auditOf('nominate')).toEqual([
      {
        entity: 'membership',
        before: { user: state.fx.ids.gold, role: 'gold', nominated_officer: false },
        after: { user: state.fx.ids.gold, role: 'gold', nominated_officer: true },
      },
    ]);
    await expect(isNominatedOfficer(state.db, state.fx.shopId, state.fx.ids.gold)).resolves.toBe(true);
    await expect(isNominatedOfficer(state.db, state.fx.shopId, state.fx.ids.platinum)).resolves.toBe(false);
    // Only in the shop that named them.
    await expect(isNominatedOfficer(state.db, state.fx.otherShopId, state.fx.ids.gold)).resolves.toBe(false);
  });

  it('keeps one per shop: naming the owner stands the gold member down, both audited', async () => {
    const platinum = await as('platinum');
    await platinum.put(url(), { user: state.fx.ids.gold });
    const gold = await as('gold');
    expect((await gold.get('/auth-check/')).json().nominated_officer).toBe(true);

    expect((await platinum.put(url(), { user: state.fx.ids.platinum })).json()).toEqual({
      user: state.fx.ids.platinum,
    });
    expect(await flagged()).toEqual([{ shop_id: state.fx.shopId, user_id: state.fx.ids.platinum }]);
    expect((await gold.get('/auth-check/')).json().nominated_officer).toBe(false);
    expect((await platinum.get('/auth-check/')).json().nominated_officer).toBe(true);
    expect((await auditOf('unnominate')).map((e) => e.after)).toEqual([
      { user: state.fx.ids.gold, role: 'gold', nominated_officer: false },
    ]);
    expect(await auditOf('nominate')).toHaveLength(2);

    // Naming the same member again changes nothing and records nothing.
    await platinum.put(url(), { user: state.fx.ids.platinum });
    expect(await auditOf('nominate')).toHaveLength(2);

    // Another shop has its own.
    const rival = await as('rival');
    expect((await rival.put(url(state.fx.otherShopId), { user: state.fx.ids.rival })).statusCode).toBe(200);
    expect(await flagged()).toEqual([
      { shop_id: state.fx.shopId, user_id: state.fx.ids.platinum },
      { shop_id: state.fx.otherShopId, user_id: state.fx.ids.rival },
    ]);

    // Unset: nobody.
    expect((await platinum.put(url(), { user: null })).json()).toEqual({ user: null });
    expect((await platinum.get(url())).json()).toEqual({ user: null });
    expect((await platinum.get('/auth-check/')).json().nominated_officer).toBe(false);
    expect(await auditOf('unnominate')).toHaveLength(2);
  });

  it('is refused by the database itself for a second one in the same shop', async () => {
    await state.db.query('UPDATE memberships SET nominated_officer = true WHERE user_id = $1', [
      state.fx.ids.gold,
    ]);
    await expect(
      state.db.query('UPDATE memberships SET nominated_officer = true WHERE user_id = $1', [
        state.fx.ids.platinum,
      ]),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it.each<[Caller, number]>([
    ['anonymous', 401],
    ['silver', 403],
    ['gold', 403],
    ['loner', 403],
    ['rival', 403],
  ])('only the owner names one: %s gets %i and nothing changes', async (caller, status) => {
    const browser = await as(caller);
    const res = await browser.put(url(), { user: state.fx.ids.gold });
    expect(res.statusCode).toBe(status);
    if (caller === 'gold') expect(res.json()).toEqual({ detail: NOMINATE_NOT_ALLOWED });
    expect(await flagged()).toEqual([]);
  });

  it('names only an active gold or platinum member of the shop', async () => {
    const platinum = await as('platinum');
    await state.db.query(
      'INSERT INTO memberships (shop_id, user_id, role, active, created_at, updated_at) VALUES ($1, $2, $3, false, now(), now())',
      [state.fx.shopId, state.fx.ids.loner, 'gold'],
    );
    for (const user of [state.fx.ids.silver, state.fx.ids.outsider, state.fx.ids.loner, 999999]) {
      const res = await platinum.put(url(), { user });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ user: [NOMINEE_NOT_ELIGIBLE] });
    }
    expect((await platinum.put(url(), { user: 'seven' })).statusCode).toBe(400);
    expect((await platinum.put(url(), {})).statusCode).toBe(400);
    expect(await flagged()).toEqual([]);
  });

  it('stands a member down when they are made silver or lose access', async () => {
    const platinum = await as('platinum');
    await platinum.put(url(), { user: state.fx.ids.gold });
    const memberships = `/api/shops/${state.fx.shopId}/memberships/`;
    expect((await platinum.post(memberships, { user: state.fx.ids.gold, role: 'silver' })).statusCode).toBe(
      200,
    );
    expect(await flagged()).toEqual([]);
    expect((await (await as('gold')).get('/auth-check/')).json().nominated_officer).toBe(false);
  });

  it('requireNominatedOfficer answers a 403 with its reason to anyone else', async () => {
    await (await as('platinum')).put(url(), { user: state.fx.ids.gold });
    const caller = { shopId: state.fx.shopId, userId: state.fx.ids.gold };
    await expect(requireNominatedOfficer(state.db, caller)).resolves.toBeUndefined();
    await expect(
      requireNominatedOfficer(state.db, { ...caller, userId: state.fx.ids.platinum }),
    ).rejects.toMatchObject({ statusCode: 403, body: { detail: NOMINATED_OFFICER_ONLY } });
  });
});
