import type { Catalogue, CatalogueBrand } from '@loupe/contracts';
import { apiTestbed, type Caller } from '../../helper';

const { state, as } = apiTestbed({ clock: true });

const CATALOGUE = '/api/catalogue/';
const ITEMS = '/api/items/';

const item = (over: Record<string, unknown> = {}) => ({
  serial: 'SN-1',
  stockType: 'Watches',
  brand: 'Rolex',
  model: 'Submariner',
  transactions: [{ type: 'cash', amount: 8000 }],
  ...over,
});

/** An edit's body: the item's fields, without the purchase lines only Add Item takes. */
const edited = (over: Record<string, unknown>, version: number) => {
  const { transactions: _lines, ...fields } = item(over);
  return { ...fields, version };
};

async function catalogue(caller: Caller = 'platinum'): Promise<Catalogue> {
  const response = await (await as(caller)).get(CATALOGUE);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const brandNamed = (c: Catalogue, name: string): CatalogueBrand => {
  const brand = c.brands.find((b) => b.name === name);
  if (!brand) throw new Error(`no brand ${name}`);
  return brand;
};

const itemsOf = (shopId: number) =>
  state.db.query<{ serial: string; brand: string; model: string; version: number }>(
    'SELECT serial, brand, model, version FROM items WHERE shop_id = $1 ORDER BY serial',
    [shopId],
  );

describe('the seeded catalogue', () => {
  it("gives every shop the specification's brands and models and a reference set of at least 40 brands", async () => {
    const c = await catalogue('silver');
    expect(c.brands.length).toBeGreaterThanOrEqual(40);
    // SPEC §3, in its order, first in each brand's list.
    expect(
      brandNamed(c, 'Rolex')
        .models.slice(0, 5)
        .map((m) => m.name),
    ).toEqual(['Submariner', 'Daytona', 'Datejust', 'GMT-Master', 'Explorer']);
    expect(
      brandNamed(c, 'Omega')
        .models.slice(0, 5)
        .map((m) => m.name),
    ).toEqual(['Speedmaster', 'Seamaster', 'Constellation', 'De Ville', 'Globemaster']);
    expect(
      brandNamed(c, 'Cartier')
        .models.slice(0, 5)
        .map((m) => m.name),
    ).toEqual(['Tank', 'Ballon Bleu', 'Santos', 'Pasha', 'Panthère']);
    expect(brandNamed(c, 'Rolex').models.map((m) => m.name)).toContain('Sea-Dweller');
    expect(brandNamed(c, 'Patek Philippe').models.map((m) => m.name)).toEqual(
      expect.arrayContaining(['Nautilus', 'Aquanaut', 'Calatrava']),
    );
    expect(brandNamed(c, 'Audemars Piguet').models.map((m) => m.name)).toContain('Royal Oak');
    expect(c.brands.every((b) => b.models.length >= 3 && !b.retired)).toBe(true);
    // Brands by name.
    const names = c.brands.map((b) => b.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    // Another shop has its own copy.
    const rival = await catalogue('rival');
    expect(rival.brands.map((b) => b.name)).toEqual(c.brands.map((b) => b.name));
    expect(brandNamed(rival, 'Rolex').id).not.toBe(brandNamed(c, 'Rolex').id);
  });
});

describe('items and the catalogue', () => {
  it('accepts a brand and model of the catalogue, as the catalogue spells them, and refuses others field by field', async () => {
    const silver = await as('silver');
    const patek = await silver.post(
      ITEMS,
      item({ serial: 'PP-1', brand: 'patek philippe', model: 'NAUTILUS' }),
    );
    expect(patek.statusCode).toBe(201);
    expect(patek.json()).toMatchObject({ brand: 'Patek Philippe', model: 'Nautilus' });
    const seaDweller = await silver.post(ITEMS, item({ serial: 'RSD-1', model: 'Sea-Dweller' }));
    expect(seaDweller.statusCode).toBe(201);

    const unknown = await silver.post(ITEMS, item({ serial: 'X-1', brand: 'Acme', model: '' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ brand: ['"Acme" is not a brand of the shop\'s catalogue.'] });
    const wrongModel = await silver.post(ITEMS, item({ serial: 'X-2', brand: 'Omega', model: 'Nautilus' }));
    expect(wrongModel.statusCode).toBe(400);
    expect(wrongModel.json()).toEqual({ model: ['"Nautilus" is not a Omega model.'] });
    // Another shop's additions are not this shop's.
    const rival = await as('rival');
    expect((await rival.post(`${CATALOGUE}brands/`, { name: 'Acme' })).statusCode).toBe(201);
    expect((await silver.post(ITEMS, item({ serial: 'X-3', brand: 'Acme', model: '' }))).statusCode).toBe(
      400,
    );
  });

  it('offers no retired entry for new items, while an item that names one keeps it on edit', async () => {
    const platinum = await as('platinum');
    const created = (
      await platinum.post(ITEMS, item({ serial: 'OM-1', brand: 'Omega', model: 'Railmaster' }))
    ).json();
    const c = await catalogue();
    const omega = brandNamed(c, 'Omega');
    const railmaster = omega.models.find((m) => m.name === 'Railmaster') as { id: number };
    const retire = await platinum.put(`${CATALOGUE}models/${railmaster.id}/`, { retired: true });
    expect(retire.statusCode).toBe(200);
    expect(brandNamed(retire.json(), 'Omega').models.find((m) => m.id === railmaster.id)).toMatchObject({
      retired: true,
      itemCount: 1,
    });

    const fresh = await platinum.post(ITEMS, item({ serial: 'OM-2', brand: 'Omega', model: 'Railmaster' }));
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json()).toEqual({
      model: ['Omega Railmaster is retired: it is not offered for new items.'],
    });
    const edit = await platinum.put(
      `${ITEMS}${created.id}/`,
      edited(
        { serial: 'OM-1', brand: 'Omega', model: 'Railmaster', description: 'Serviced' },
        created.version,
      ),
    );
    expect(edit.json()).toMatchObject({ model: 'Railmaster', description: 'Serviced' });

    // A retired brand: no new item, the old one still edits.
    expect((await platinum.put(`${CATALOGUE}brands/${omega.id}/`, { retired: true })).statusCode).toBe(200);
    const omegaNew = await platinum.post(
      ITEMS,
      item({ serial: 'OM-3', brand: 'Omega', model: 'Speedmaster' }),
    );
    expect(omegaNew.json()).toEqual({ brand: ['Omega is retired: it is not offered for new items.'] });
    const again = await platinum.put(
      `${ITEMS}${created.id}/`,
      edited({ serial: 'OM-1', brand: 'Omega', model: 'Railmaster' }, edit.json().version),
    );
    expect(again.statusCode).toBe(200);
    // Within the brand it keeps, another active model may be chosen; a retired brand may not be chosen anew.
    const moved = await platinum.put(
      `${ITEMS}${created.id}/`,
      edited({ serial: 'OM-1', brand: 'Omega', model: 'Speedmaster' }, again.json().version),
    );
    expect(moved.json()).toMatchObject({ brand: 'Omega', model: 'Speedmaster' });
    const other = (await platinum.post(ITEMS, item({ serial: 'RX-9' }))).json();
    const toRetired = await platinum.put(
      `${ITEMS}${other.id}/`,
      edited({ serial: 'RX-9', brand: 'Omega', model: 'Speedmaster' }, other.version),
    );
    expect(toRetired.json()).toEqual({ brand: ['Omega is retired: it is not offered for new items.'] });
    // Unretired, it is offered again.
    expect((await platinum.put(`${CATALOGUE}brands/${omega.id}/`, { retired: false })).statusCode).toBe(200);
    expect(
      (await platinum.post(ITEMS, item({ serial: 'OM-4', brand: 'Omega', model: 'Speedmaster' }))).statusCode,
    ).toBe(201);
  });
});

describe('changing the catalogue', () => {
  it('adds a brand and a model, which items may then use; a duplicate in any case is a 409', async () => {
    const platinum = await as('platinum');
    const added = await platinum.post(`${CATALOGUE}brands/`, { name: '  Habring²  ' });
    expect(added.statusCode).toBe(201);
    const habring = brandNamed(added.json(), 'Habring²');
    expect(habring).toMatchObject({ retired: false, itemCount: 0, models: [] });
    const model = await platinum.post(`${CATALOGUE}brands/${habring.id}/models/`, { name: 'Doppel-Felix' });
    expect(model.statusCode).toBe(201);
    expect(brandNamed(model.json(), 'Habring²').models.map((m) => m.name)).toEqual(['Doppel-Felix']);

    const twice = await platinum.post(`${CATALOGUE}brands/`, { name: 'HABRING²' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'The catalogue already has a brand named "Habring²".' });
    const modelTwice = await platinum.post(`${CATALOGUE}brands/${habring.id}/models/`, {
      name: 'doppel-felix',
    });
    expect(modelTwice.statusCode).toBe(409);
    expect(modelTwice.json()).toEqual({ detail: 'Habring² already has a model named "Doppel-Felix".' });
    const blank = await platinum.post(`${CATALOGUE}brands/`, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await platinum.post(`${CATALOGUE}brands/`, { name: 'x'.repeat(61) })).json()).toEqual({
      name: ['Ensure this field has no more than 60 characters.'],
    });
    const renameTaken = await platinum.put(`${CATALOGUE}brands/${habring.id}/`, { name: 'rolex' });
    expect(renameTaken.statusCode).toBe(409);
    expect(renameTaken.json()).toEqual({ detail: 'The catalogue already has a brand named "Rolex".' });

    const used = await platinum.post(
      ITEMS,
      item({ serial: 'HB-1', brand: 'Habring²', model: 'Doppel-Felix' }),
    );
    expect(used.statusCode).toBe(201);
    const trail = await state.db.query<{ entity: string; action: string }>(
      `SELECT entity, action FROM audit_log WHERE shop_id = $1 AND entity LIKE 'catalogue%' ORDER BY seq`,
      [state.fx.shopId],
    );
    expect(trail).toEqual([
      { entity: 'catalogue_brand', action: 'create' },
      { entity: 'catalogue_model', action: 'create' },
    ]);
  });

  it('renames a brand and a model, and the items that name them follow', async () => {
    const platinum = await as('platinum');
    const created = (
      await platinum.post(ITEMS, item({ serial: 'T-1', brand: 'Tudor', model: 'Black Bay' }))
    ).json();
    const tudor = brandNamed(await catalogue(), 'Tudor');
    const renamed = await platinum.put(`${CATALOGUE}brands/${tudor.id}/`, { name: 'Tudor Watch' });
    expect(renamed.statusCode).toBe(200);
    expect(brandNamed(renamed.json(), 'Tudor Watch').itemCount).toBe(1);
    const blackBay = tudor.models.find((m) => m.name === 'Black Bay') as { id: number };
    expect(
      (await platinum.put(`${CATALOGUE}models/${blackBay.id}/`, { name: 'Black Bay 58' })).statusCode,
    ).toBe(200);
    expect(await itemsOf(state.fx.shopId)).toEqual([
      // Each change moved the item's version on: an edit form opened before is told.
      { serial: 'T-1', brand: 'Tudor Watch', model: 'Black Bay 58', version: created.version + 2 },
    ]);
  });

  it('merges a brand into another: its models join (one of the same name merges) and its items follow', async () => {
    const platinum = await as('platinum');
    const c0 = await catalogue();
    const intoId = brandNamed(c0, 'Patek Philippe').id;
    // A brand added by mistake, with a model the other has and one it lacks.
    let c = (await platinum.post(`${CATALOGUE}brands/`, { name: 'Patek' })).json() as Catalogue;
    const patek = brandNamed(c, 'Patek');
    await platinum.post(`${CATALOGUE}brands/${patek.id}/models/`, { name: 'nautilus' });
    await platinum.post(`${CATALOGUE}brands/${patek.id}/models/`, { name: 'Ellipse d’Or' });
    await platinum.post(ITEMS, item({ serial: 'P-1', brand: 'Patek', model: 'nautilus' }));
    await platinum.post(ITEMS, item({ serial: 'P-2', brand: 'Patek', model: 'Ellipse d’Or' }));
    await platinum.post(ITEMS, item({ serial: 'P-3', brand: 'Patek', model: '' }));
    await platinum.post(ITEMS, item({ serial: 'R-1' }));
    c = await catalogue();
    expect(brandNamed(c, 'Patek').itemCount).toBe(3);

    const merged = await platinum.post(`${CATALOGUE}brands/${patek.id}/merge/`, { intoId });
    expect(merged.statusCode).toBe(200);
    c = merged.json();
    expect(c.brands.some((b) => b.name === 'Patek')).toBe(false);
    const pp = brandNamed(c, 'Patek Philippe');
    expect(pp.itemCount).toBe(3);
    expect(pp.models.filter((m) => m.name.toLowerCase() === 'nautilus')).toEqual([
      expect.objectContaining({ name: 'Nautilus', itemCount: 1 }),
    ]);
    expect(pp.models.at(-1)).toMatchObject({ name: 'Ellipse d’Or', itemCount: 1 });
    expect(
      (await itemsOf(state.fx.shopId)).map(({ serial, brand, model }) => ({ serial, brand, model })),
    ).toEqual([
      { serial: 'P-1', brand: 'Patek Philippe', model: 'Nautilus' },
      { serial: 'P-2', brand: 'Patek Philippe', model: 'Ellipse d’Or' },
      { serial: 'P-3', brand: 'Patek Philippe', model: '' },
      { serial: 'R-1', brand: 'Rolex', model: 'Submariner' },
    ]);
    const [entry] = await state.db.query<{ after: unknown }>(
      `SELECT after FROM audit_log WHERE entity = 'catalogue_brand' AND action = 'merge'`,
    );
    expect(entry?.after).toEqual({ mergedInto: 'Patek Philippe', itemsMoved: 3 });
    // Gone: 404; into itself or into nothing: 400.
    expect((await platinum.post(`${CATALOGUE}brands/${patek.id}/merge/`, { intoId })).statusCode).toBe(404);
    expect((await platinum.post(`${CATALOGUE}brands/${intoId}/merge/`, { intoId })).json()).toEqual({
      intoId: ['Choose another entry to merge into.'],
    });
    expect((await platinum.post(`${CATALOGUE}brands/${intoId}/merge/`, { intoId: 999999 })).json()).toEqual({
      intoId: ['Invalid pk "999999" - object does not exist.'],
    });
  });

  it('merges a model into another of the same brand only, and its items follow', async () => {
    const platinum = await as('platinum');
    await platinum.post(ITEMS, item({ serial: 'G-1', model: 'GMT-Master' }));
    const rolex = brandNamed(await catalogue(), 'Rolex');
    const id = (name: string) => (rolex.models.find((m) => m.name === name) as { id: number }).id;
    const omegaModel = brandNamed(await catalogue(), 'Omega').models[0] as { id: number };
    const other = await platinum.post(`${CATALOGUE}models/${id('GMT-Master')}/merge/`, {
      intoId: omegaModel.id,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'A model merges only into another model of Rolex.' });

    const merged = await platinum.post(`${CATALOGUE}models/${id('GMT-Master')}/merge/`, {
      intoId: id('Explorer'),
    });
    expect(merged.statusCode).toBe(200);
    const after = brandNamed(merged.json(), 'Rolex');
    expect(after.models.map((m) => m.name)).not.toContain('GMT-Master');
    expect(after.models.find((m) => m.name === 'Explorer')?.itemCount).toBe(1);
    expect((await itemsOf(state.fx.shopId))[0]).toMatchObject({ serial: 'G-1', model: 'Explorer' });
  });

  it('lets only those who may manage the catalogue change it (403), and answers 404 for an unknown id', async () => {
    const c = await catalogue();
    const rolex = brandNamed(c, 'Rolex');
    const model = rolex.models[0] as { id: number };
    for (const caller of ['gold', 'silver'] as const) {
      const browser = await as(caller);
      const refusals = [
        await browser.post(`${CATALOGUE}brands/`, { name: 'Seiko 2' }),
        await browser.put(`${CATALOGUE}brands/${rolex.id}/`, { retired: true }),
        await browser.post(`${CATALOGUE}brands/${rolex.id}/merge/`, { intoId: brandNamed(c, 'Omega').id }),
        await browser.post(`${CATALOGUE}brands/${rolex.id}/models/`, { name: 'Oysterquartz' }),
        await browser.put(`${CATALOGUE}models/${model.id}/`, { name: 'Sub' }),
        await browser.post(`${CATALOGUE}models/${model.id}/merge/`, {
          intoId: (rolex.models[1] as { id: number }).id,
        }),
      ];
      for (const r of refusals) {
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ detail: 'Only the shop owner may change the catalogue.' });
      }
    }
    expect(await catalogue()).toEqual(c);
    expect((await as('anonymous')).get(CATALOGUE).then((r) => r.statusCode)).resolves.toBe(401);

    const platinum = await as('platinum');
    expect((await platinum.put(`${CATALOGUE}brands/999999/`, { retired: true })).statusCode).toBe(404);
    expect((await platinum.put(`${CATALOGUE}models/999999/`, { retired: true })).statusCode).toBe(404);
    expect((await platinum.post(`${CATALOGUE}brands/999999/models/`, { name: 'X' })).statusCode).toBe(404);
    // Another shop's brand is not found either.
    const rivalRolex = brandNamed(await catalogue('rival'), 'Rolex');
    expect((await platinum.put(`${CATALOGUE}brands/${rivalRolex.id}/`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await platinum.put(`${CATALOGUE}brands/${rolex.id}/`, { bogus: 1 })).statusCode).toBe(400);
  });
});
