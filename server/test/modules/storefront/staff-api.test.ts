import {
  LISTINGS_NOT_ALLOWED,
  STOREFRONT_NEEDS_SLUG,
  STOREFRONT_SLUG_INVALID,
  STOREFRONT_SLUG_RESERVED,
  STOREFRONT_SLUG_TAKEN,
} from '@loupe/contracts';
import { listingUrl, SETTINGS, storefrontTestbed } from './setup';

// Issue 24 item 1, the staff side: the storefront's address and switch, and each item's listing with whether it
// is online and why not. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
const { state, as, openStore, addItem, list } = storefrontTestbed();

const audit = (entity: string) =>
  state.db.query<{
    action: string;
    entity_id: number;
    before: unknown;
    after: unknown;
    item_id: number | null;
  }>(
    `SELECT action, entity_id::int AS entity_id, before, after, item_id::int AS item_id FROM audit_log
      WHERE entity = $1 ORDER BY id`,
    [entity],
  );

describe('GET/PUT /api/storefront/settings/', () => {
  it('starts without an address, then keeps the one a manager sets, with its public URL; audited', async () => {
    const gold = await as('gold');
    expect((await gold.get(SETTINGS)).json()).toEqual({ slug: '', enabled: false, publicUrl: '' });
    const saved = await gold.put(SETTINGS, { slug: 'hatton-watches', enabled: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      slug: 'hatton-watches',
      enabled: true,
      publicUrl: 'http://localhost:8080/store/hatton-watches/',
    });
    const silver = await as('silver');
    expect((await silver.get(SETTINGS)).json()).toMatchObject({ slug: 'hatton-watches', enabled: true });
    await gold.put(SETTINGS, { slug: 'hatton-watches', enabled: false });
    expect(await audit('storefront')).toEqual([
      expect.objectContaining({ action: 'create', after: { slug: 'hatton-watches', enabled: true } }),
      expect.objectContaining({
        action: 'update',
        before: { slug: 'hatton-watches', enabled: true },
        after: { slug: 'hatton-watches', enabled: false },
      }),
    ]);
  });

  it('refuses silver, a malformed or reserved address, and one another shop uses', async () => {
    const silver = await as('silver');
    const refused = await silver.put(SETTINGS, { slug: 'silver-shop', enabled: true });
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: LISTINGS_NOT_ALLOWED }]);
    const gold = await as('gold');
    for (const slug of ['ab', 'Upper-Case', 'has space', '-leading', 'trailing-', 'a'.repeat(41), 'ünï']) {
      const bad = await gold.put(SETTINGS, { slug, enabled: false });
      expect([slug, bad.statusCode, bad.json()]).toEqual([slug, 400, { slug: [STOREFRONT_SLUG_INVALID] }]);
    }
    const reserved = await gold.put(SETTINGS, { slug: 'assets', enabled: false });
    expect([reserved.statusCode, reserved.json()]).toEqual([400, { slug: [STOREFRONT_SLUG_RESERVED] }]);
    const empty = await gold.put(SETTINGS, { slug: '', enabled: true });
    expect([empty.statusCode, empty.json()]).toEqual([409, { detail: STOREFRONT_NEEDS_SLUG }]);
    const rival = await as('rival');
    expect((await rival.put(SETTINGS, { slug: 'rival-watches', enabled: true })).statusCode).toBe(200);
    const taken = await gold.put(SETTINGS, { slug: 'rival-watches', enabled: true });
    expect([taken.statusCode, taken.json()]).toEqual([409, { detail: STOREFRONT_SLUG_TAKEN }]);
    expect((await gold.get(SETTINGS)).json()).toMatchObject({ slug: '' });
    expect(await audit('storefront')).toHaveLength(1);
  });

  it('needs a signed-in member', async () => {
    const anonymous = await as('anonymous');
    expect((await anonymous.get(SETTINGS)).statusCode).toBe(401);
  });
});

describe('GET/PUT /api/storefront/items/{id}/listing/', () => {
  it('answers a never-listed item with the defaults; a listed one is online only while the storefront is open', async () => {
    const gold = await as('gold');
    const id = await addItem(gold, { brand: 'Rolex', model: 'Submariner', referenceNumber: '126610LN' });
    expect((await gold.get(listingUrl(id))).json()).toEqual({
      itemId: id,
      listed: false,
      publicDescription: '',
      braceletMaterial: '',
      handlingDays: 3,
      priceOnRequest: false,
      listedAt: null,
      publicUrl: '',
      online: false,
      notOnlineBecause: 'unlisted',
    });
    const listed = await list(gold, id, { publicDescription: ' Full set, 2021. ', handlingDays: 2 });
    expect(listed).toMatchObject({
      listed: true,
      publicDescription: 'Full set, 2021.',
      handlingDays: 2,
      listedAt: '2026-03-01T09:00:01.000Z',
      online: false,
      notOnlineBecause: 'storefront_disabled',
    });
    await openStore();
    expect((await gold.get(listingUrl(id))).json()).toMatchObject({
      online: true,
      notOnlineBecause: null,
      publicUrl: `http://localhost:8080/store/loupe-test/items/${id}-rolex-submariner-126610ln`,
    });
    // Editing the text of a listed item keeps when it was listed; switching it off and on again moves it.
    state.clock.advance(5000);
    expect((await list(gold, id, { publicDescription: 'Changed' })).listedAt).toBe(
      '2026-03-01T09:00:01.000Z',
    );
    expect((await list(gold, id, { listed: false })).notOnlineBecause).toBe('unlisted');
    expect((await list(gold, id)).listedAt).toBe('2026-03-01T09:00:09.000Z');
    const trail = await audit('storefront_listing');
    expect(trail.map((r) => [r.action, r.entity_id, r.item_id])).toEqual([
      ['create', id, id],
      ['update', id, id],
      ['update', id, id],
      ['update', id, id],
    ]);
  });

  it('says why an item is not online: unavailable, sold, in the workshop', async () => {
    await openStore();
    const gold = await as('gold');
    const unavailable = await addItem(gold, { status: 'unavailable' });
    await list(gold, unavailable);
    expect((await gold.get(listingUrl(unavailable))).json()).toMatchObject({
      online: false,
      notOnlineBecause: 'unavailable',
    });
    const sold = await addItem(gold);
    await list(gold, sold);
    expect((await gold.post(`/api/items/${sold}/sell/`, { price: 950 })).statusCode).toBe(200);
    expect((await gold.get(listingUrl(sold))).json()).toMatchObject({ notOnlineBecause: 'sold' });
    const serviced = await addItem(gold);
    await list(gold, serviced);
    const job = await gold.post('/api/workshop/jobs/', {
      itemId: serviced,
      reportedFault: 'Runs slow',
      requestedWork: 'Service',
    });
    expect(job.statusCode).toBe(201);
    expect((await gold.get(listingUrl(serviced))).json()).toMatchObject({ notOnlineBecause: 'in_workshop' });
  });

  it('lets silver read but not change a listing; refuses bad text; another shop’s item is not found', async () => {
    const gold = await as('gold');
    const id = await addItem(gold);
    const silver = await as('silver');
    expect((await silver.get(listingUrl(id))).statusCode).toBe(200);
    const body = {
      listed: true,
      publicDescription: '',
      braceletMaterial: '',
      handlingDays: 3,
      priceOnRequest: false,
    };
    const refused = await silver.put(listingUrl(id), body);
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: LISTINGS_NOT_ALLOWED }]);
    const control = await gold.put(listingUrl(id), { ...body, braceletMaterial: 'Steel\u0007' });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toHaveProperty('braceletMaterial');
    expect((await gold.put(listingUrl(id), { ...body, handlingDays: 0 })).statusCode).toBe(400);
    expect((await gold.put(listingUrl(id), { ...body, extra: 1 })).statusCode).toBe(400);
    const rival = await as('rival');
    expect((await rival.get(listingUrl(id))).statusCode).toBe(404);
    expect((await rival.put(listingUrl(id), body)).statusCode).toBe(404);
    expect((await gold.get(listingUrl(999999))).statusCode).toBe(404);
    expect(await audit('storefront_listing')).toEqual([]);
  });
});
