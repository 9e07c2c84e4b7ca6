import { parsePdf } from '../documents/pdf-support';
import { inventoryTestbed, itemBody } from './setup';

const { state, as } = inventoryTestbed();
const ITEMS = '/api/items/';

const WATCH = {
  referenceNumber: '126610LN',
  year: 2021,
  box: true,
  papers: true,
  caseMaterial: 'Oystersteel',
  caseDiameterMm: '41',
  dial: 'Black',
  movement: 'automatic',
  conditionGrade: 'excellent',
};

const serials = (response: { json(): { results: Array<{ serial: string }> } }) =>
  response
    .json()
    .results.map((r) => r.serial)
    .sort();

describe('item attributes (issue 22): watches and jewellery described as dealers describe them', () => {
  it('stores a watch’s and a jewel’s attributes, answers them, and publishes them in stock_items', async () => {
    const browser = await as('silver');
    const watch = await browser.post(ITEMS, itemBody({ ...WATCH, caseDiameterMm: '40.5' }));
    expect(watch.statusCode).toBe(201);
    expect(watch.json()).toMatchObject({
      ...WATCH,
      caseDiameterMm: 40.5,
      metal: '',
      fineness: null,
      weightGrams: null,
      hallmark: '',
      stones: '',
    });
    const ring = await browser.post(
      ITEMS,
      itemBody({
        serial: 'RING-1',
        stockType: 'Jewellery',
        brand: '',
        model: '',
        metal: 'Platinum',
        fineness: '950',
        weightGrams: '1,204.25',
        hallmark: 'London assay office, 2019',
        stones: 'Round brilliant diamond 1.02ct, GIA 2211445566\nTwo tapered baguettes',
        conditionGrade: 'very_good',
      }),
    );
    expect(ring.statusCode).toBe(201);
    const stored = (await browser.get(`${ITEMS}${ring.json().id}/`)).json();
    expect(stored).toMatchObject({
      metal: 'Platinum',
      fineness: 950,
      weightGrams: 1204.25,
      hallmark: 'London assay office, 2019',
      stones: 'Round brilliant diamond 1.02ct, GIA 2211445566\nTwo tapered baguettes',
      conditionGrade: 'very_good',
      referenceNumber: '',
      year: null,
      box: null,
      papers: null,
      movement: null,
      caseDiameterMm: null,
    });
    const view = await state.db.query(
      `SELECT reference_number, year, box, papers, case_diameter_mm::text AS diameter, movement, condition_grade
         FROM stock_items WHERE id = $1`,
      [watch.json().id],
    );
    expect(view).toEqual([
      {
        reference_number: '126610LN',
        year: 2021,
        box: true,
        papers: true,
        diameter: '40.50',
        movement: 'automatic',
        condition_grade: 'excellent',
      },
    ]);
  });

  it('an edit changes the attributes it sends, clears those sent empty, keeps those left out; 409 logic as before', async () => {
    const browser = await as('gold');
    const item = (await browser.post(ITEMS, itemBody(WATCH))).json();
    const edited = await browser.put(`${ITEMS}${item.id}/`, {
      serial: item.serial,
      stockType: 'Watches',
      brand: item.brand,
      model: item.model,
      version: item.version,
      year: '2019',
      box: false,
      dial: '',
      movement: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      year: 2019,
      box: false,
      dial: '',
      movement: null,
      referenceNumber: '126610LN',
      papers: true,
      conditionGrade: 'excellent',
      version: item.version + 1,
    });
    // The old version is stale now: 409 and nothing changed.
    const stale = await browser.put(`${ITEMS}${item.id}/`, {
      serial: item.serial,
      stockType: 'Watches',
      version: item.version,
      year: 2000,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ year: 2019 });
  });

  it('refuses what is not an attribute value, each as a field error, and stores nothing', async () => {
    const browser = await as('gold');
    const bad = await browser.post(
      ITEMS,
      itemBody({
        year: 1799,
        caseDiameterMm: '41.255',
        movement: 'kinetic',
        conditionGrade: 'mint',
        metal: 'Unobtainium',
        fineness: 1000,
        weightGrams: '-3',
        referenceNumber: 'RLX\u0000',
      }),
    );
    expect(bad.statusCode).toBe(400);
    const errors = bad.json();
    // The schema refuses the NUL first; the rest is checked once the text is clean.
    expect(errors).toEqual({ referenceNumber: ['Null characters are not allowed.'] });
    const rest = await browser.post(
      ITEMS,
      itemBody({
        year: 1799,
        caseDiameterMm: '41.255',
        movement: 'kinetic',
        conditionGrade: 'mint',
        metal: 'Unobtainium',
        fineness: 1000,
        weightGrams: '-3',
      }),
    );
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      year: ['Ensure this value is greater than or equal to 1800.'],
      caseDiameterMm: ['Ensure that there are no more than 2 decimal places.'],
      movement: ['"kinetic" is not a valid choice.'],
      conditionGrade: ['"mint" is not a valid choice.'],
      metal: ['"Unobtainium" is not a valid choice.'],
      fineness: ['Ensure this value is less than or equal to 999.'],
      weightGrams: ['Ensure this value is greater than or equal to 0.'],
    });
    // This year is the latest year: the shop's clock says 2026.
    const future = await browser.post(ITEMS, itemBody({ year: 2027 }));
    expect(future.json()).toEqual({ year: ['Ensure this value is less than or equal to 2026.'] });
    const items = await state.db.query('SELECT id FROM items');
    expect(items).toEqual([]);
  });

  it('filters the list on reference (contains), condition grade, box and papers, and metal', async () => {
    const browser = await as('silver');
    const add = (serial: string, fields: Record<string, unknown>) =>
      browser.post(ITEMS, itemBody({ serial, ...fields }));
    await add('W-1', { referenceNumber: '126610LN', conditionGrade: 'excellent', box: true, papers: true });
    await add('W-2', { referenceNumber: '116610LV', conditionGrade: 'good', box: true, papers: false });
    await add('W-3', {
      referenceNumber: '5711/1A-010',
      conditionGrade: 'excellent',
      box: false,
      papers: false,
    });
    await add('W-4', {});
    await add('J-1', { stockType: 'Jewellery', brand: '', model: '', metal: 'Yellow gold' });
    await add('J-2', { stockType: 'Jewellery', brand: '', model: '', metal: 'Platinum' });

    expect(serials(await browser.get(`${ITEMS}?reference=6610`))).toEqual(['W-1', 'W-2']);
    expect(serials(await browser.get(`${ITEMS}?reference=6610lv`))).toEqual(['W-2']);
    // LIKE's wildcards typed are literal.
    expect(serials(await browser.get(`${ITEMS}?reference=${encodeURIComponent('%')}`))).toEqual([]);
    expect(serials(await browser.get(`${ITEMS}?reference=${encodeURIComponent('1/1')}`))).toEqual(['W-3']);
    expect(serials(await browser.get(`${ITEMS}?condition_grade=excellent`))).toEqual(['W-1', 'W-3']);
    expect(serials(await browser.get(`${ITEMS}?box=true&papers=true`))).toEqual(['W-1']);
    expect(serials(await browser.get(`${ITEMS}?box=true&papers=false`))).toEqual(['W-2']);
    expect(serials(await browser.get(`${ITEMS}?box=false&papers=false`))).toEqual(['W-3']);
    expect(serials(await browser.get(`${ITEMS}?metal=Platinum`))).toEqual(['J-2']);
    const both = await browser.get(`${ITEMS}?condition_grade=excellent&reference=5711`);
    expect(both.json()).toMatchObject({ count: 1, results: [{ serial: 'W-3' }] });

    const wrong = await browser.get(`${ITEMS}?condition_grade=mint`);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['condition_grade']);
  });

  it('a filtered list’s labels are the list’s items, attribute filters included', async () => {
    const browser = await as('silver');
    await browser.post(ITEMS, itemBody({ serial: 'GOOD-1', conditionGrade: 'good', box: true }));
    await browser.post(ITEMS, itemBody({ serial: 'FAIR-2', conditionGrade: 'fair', box: true }));
    const pdf = await browser.get('/api/labels/pdf/?condition_grade=good&box=true&size=tag');
    expect(pdf.statusCode).toBe(200);
    const parsed = await parsePdf(pdf.rawPayload);
    expect(parsed.pages).toHaveLength(1);
    expect(parsed.text).toContain('GOOD-1');
    expect(parsed.text).not.toContain('FAIR-2');
  });

  it('each attribute filter reads an index of migration 021, not the shop’s whole stock', async () => {
    // Enough rows for the planner to prefer an index, and planner statistics for them.
    await state.db.query(
      `INSERT INTO items (shop_id, serial, stock_type, purchased_on, created_at, updated_at, condition_grade, metal)
       SELECT $1, 'BULK-' || n, 'Watches', '2026-01-01', now(), now(),
              CASE WHEN n % 50 = 0 THEN 'fair' END, CASE WHEN n % 40 = 0 THEN 'Palladium' ELSE '' END
         FROM generate_series(1, 3000) n`,
      [state.fx.shopId],
    );
    await state.db.query('ANALYZE items');
    const plan = async (condition: string) => {
      const rows = await state.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM items i WHERE i.shop_id = ${state.fx.shopId} AND ${condition}
          ORDER BY i.id DESC LIMIT 25`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    expect(await plan("i.condition_grade = 'fair'")).toMatch(/items_shop_condition_idx/);
    expect(await plan("i.metal = 'Palladium'")).toMatch(/items_shop_metal_idx/);
  });
});
