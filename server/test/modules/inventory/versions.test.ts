import type { Item, ItemConflict } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { inventoryTestbed, itemBody } from './setup';

// No lost updates (issue 12 item 6): an item edit names the version it was based on.
const { state, as, client, tableCounts } = inventoryTestbed();
const ITEMS = '/api/items/';
const url = (id: number) => `${ITEMS}${id}/`;

const edit = { serial: 'RLX-0001', stockType: 'Watches', brand: 'Rolex', model: 'Submariner' };

/**
 * An item without purchase lines, so that adding it writes the row once and it starts at version 1 (an item
 * with lines is written again with its purchase price: the number only orders changes, its value means nothing).
 */
async function add(browser: Browser): Promise<Item> {
  const response = await browser.post(ITEMS, itemBody({ transactions: [] }));
  expect(response.statusCode).toBe(201);
  return response.json();
}

const load = async (id: number) => (await (await as('silver')).get(url(id))).json() as Item;

describe('an item carries a version', () => {
  it('is in the answer of the add, the detail, the list and the ETag of the detail', async () => {
    const browser = await as('gold');
    const item = await add(browser);
    expect(item.version).toBe(1);
    const bought = await browser.post(ITEMS, itemBody({ serial: 'RLX-0002' }));
    expect(bought.json()).toMatchObject({ purchasePrice: 8000, version: expect.any(Number) });
    const detail = await browser.get(url(item.id));
    expect(detail.json()).toEqual(item);
    expect(detail.headers.etag).toBe(`W/"${item.version}"`);
    const rows = (await browser.get(ITEMS)).json().results as Item[];
    expect(rows.find((row) => row.id === item.id)).toMatchObject({ version: 1 });
  });

  it('moves on with each saved edit (the same page saves twice); a save that changes nothing keeps it', async () => {
    const browser = await as('silver');
    const item = await add(browser);
    const first = await browser.put(url(item.id), { ...edit, description: 'First', version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ description: 'First', version: 2 });
    expect(first.headers.etag).toBe('W/"2"');
    const second = await browser.put(url(item.id), { ...edit, description: 'Second', version: 2 });
    expect(second.json()).toMatchObject({ description: 'Second', version: 3 });
    const same = await browser.put(url(item.id), { ...edit, description: 'Second', version: 3 });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ version: 3 });
  });

  it('is bumped by every other write: check-out, return, promotion, sale', async () => {
    const browser = await as('gold');
    const item = await add(browser);
    const ada = await client('Ada');
    const steps: Array<[string, unknown]> = [
      ['check-out', { clientId: ada }],
      ['return', {}],
      ['promote', { promoted: true }],
      ['promote', { promoted: false }],
      ['sell', { price: 12000, paymentMethod: 'Bank Transfer' }],
    ];
    for (const [i, [name, body]] of steps.entries()) {
      const response = await browser.post(`${url(item.id)}${name}/`, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ version: i + 2 });
    }
    expect(await load(item.id)).toMatchObject({ status: 'sold', version: steps.length + 1 });
  });

  it('is bumped by a void of the sale, and an edit from before the void names who voided it', async () => {
    const gold = await as('gold');
    const silver = await as('silver');
    const item = await add(gold);
    const sold = await gold.post(`${url(item.id)}sell/`, { price: 12000, paymentMethod: 'Bank Transfer' });
    expect(sold.json()).toMatchObject({ status: 'sold', version: 2 });
    const voided = await gold.post(`${url(item.id)}void-sale/`, { reason: 'Sold to the wrong client' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'available', version: 3 });
    const stale = await silver.put(url(item.id), { ...edit, description: 'From the sold page', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ changedBy: 'gold', current: { status: 'available', version: 3 } });
  });

  it('is bumped by the database whatever writes the row, and cannot be set by hand', async () => {
    const item = await add(await as('gold'));
    await state.db.query("UPDATE items SET status = 'unavailable', version = 99 WHERE id = $1", [item.id]);
    expect(await load(item.id)).toMatchObject({ status: 'unavailable', version: 2 });
    await state.db.query('UPDATE items SET updated_at = now() WHERE id = $1', [item.id]);
    expect(await load(item.id)).toMatchObject({ version: 2 });
  });
});

describe('a stale edit is refused', () => {
  it('409 with who changed it, when, and the item now; nothing written', async () => {
    const gold = await as('gold');
    const silver = await as('silver');
    const item = await add(silver);
    state.clock.advance(120_000);
    expect((await gold.post(`${url(item.id)}promote/`, { promoted: true })).statusCode).toBe(200);
    const before = await tableCounts();
    const stale = await silver.put(url(item.id), { ...edit, description: 'Silver typed this', version: 1 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json() as ItemConflict;
    expect(body).toEqual({
      detail: 'This item was changed by someone else after you opened it.',
      changedBy: 'gold',
      changedAt: '2026-03-01T09:02:00.000Z',
      current: (await silver.get(url(item.id))).json(),
    });
    expect(body.current).toMatchObject({ description: 'Black dial, 2021, box and papers', version: 2 });
    expect(stale.headers.etag).toBe('W/"2"');
    expect(await tableCounts()).toEqual(before);
  });
});

describe('If-Match', () => {
  it('stands in for the version and decides over the body; a stale one is a 412', async () => {
    const gold = await as('gold');
    const item = await add(gold);
    const ok = await gold.put(
      url(item.id),
      { ...edit, description: 'A' },
      { headers: { 'if-match': 'W/"1"' } },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ version: 2 });
    const stale = await gold.put(
      url(item.id),
      { ...edit, description: 'B', version: 2 },
      { headers: { 'if-match': 'W/"1"' } },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ changedBy: 'gold', current: { description: 'A', version: 2 } });
    const header = await gold.put(
      url(item.id),
      { ...edit, description: 'C', version: 1 },
      { headers: { 'if-match': '"2"' } },
    );
    expect(header.statusCode).toBe(200);
  });
});

describe('the version is required', () => {
  it('is a 400 in DRF words without a version or If-Match, and nothing is written', async () => {
    const gold = await as('gold');
    const item = await add(gold);
    const before = await tableCounts();
    const missing = await gold.put(url(item.id), { ...edit, description: 'lost?' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ version: ['This field is required.'] });
    const bad = await gold.put(url(item.id), { ...edit, version: 'v1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['version']);
    expect(await tableCounts()).toEqual(before);
    expect(await load(item.id)).toMatchObject({ version: 1 });
  });
});

describe('two edits from the same version at once', () => {
  it('exactly one is saved and the other is a 409 naming the first', async () => {
    const gold = await as('gold');
    const silver = await as('silver');
    const item = await add(gold);
    for (let round = 1; round <= 5; round += 1) {
      const [a, b] = await Promise.all([
        gold.put(url(item.id), { ...edit, description: `gold ${round}`, version: round }),
        silver.put(url(item.id), { ...edit, description: `silver ${round}`, version: round }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      const saved = winner.json() as Item;
      expect(saved.version).toBe(round + 1);
      expect(loser.json()).toMatchObject({
        changedBy: a.statusCode === 200 ? 'gold' : 'silver',
        current: { description: saved.description, version: round + 1 },
      });
    }
    expect(await load(item.id)).toMatchObject({ version: 6 });
  });

  it('an edit racing a sale: the edit from before the sale is refused once the sale is in', async () => {
    const gold = await as('gold');
    const silver = await as('silver');
    const item = await add(gold);
    const [sale, change] = await Promise.all([
      gold.post(`${url(item.id)}sell/`, { price: 12000, paymentMethod: 'Bank Transfer' }),
      silver.put(url(item.id), { ...edit, description: 'Edited', version: 1 }),
    ]);
    expect(sale.statusCode).toBe(200);
    const now = await load(item.id);
    if (change.statusCode === 200) {
      // The edit went first: the sale was made on top of it, and the description stands.
      expect(now).toMatchObject({ description: 'Edited', status: 'sold', version: 3 });
    } else {
      expect(change.statusCode).toBe(409);
      expect(now).toMatchObject({
        description: 'Black dial, 2021, box and papers',
        status: 'sold',
        version: 2,
      });
    }
  });
});
