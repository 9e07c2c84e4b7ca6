import { endpoints, pathOf, type SearchResults } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { inventoryTestbed } from '../inventory/setup';
import { addItem } from '../stock/setup';

// One search (issue 21, item 3): GET /api/search/?q= — items, clients and invoices of the caller's shop, up to
// 8 of each, exact serial / stock number first, then prefixes, then "contains". Rules: contracts/src/search.ts.

const { state, as } = inventoryTestbed();
const SEARCH = pathOf(endpoints.search.query);

async function search(browser: Browser, q: string): Promise<SearchResults> {
  const response = await browser.get(`${SEARCH}?${new URLSearchParams({ q }).toString()}`);
  if (response.statusCode !== 200) throw new Error(`search failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A client straight in the table, with a phone. */
async function addClient(name: string, phone = '', shop: 'own' | 'other' = 'own'): Promise<number> {
  const rows = await state.db.query<{ id: number }>(
    `INSERT INTO clients (shop_id, name, email, phone, created_at, updated_at)
     VALUES ($1, $2, $3, $4, now(), now()) RETURNING id`,
    [
      shop === 'own' ? state.fx.shopId : state.fx.otherShopId,
      name,
      `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      phone,
    ],
  );
  return Number((rows[0] as { id: number }).id);
}

async function sell(browser: Browser, id: number): Promise<{ id: number; reference: string }> {
  const response = await browser.post(pathOf(endpoints.items.sell, { id }), { price: '900.00' });
  if (response.statusCode !== 200) throw new Error(`sell failed: ${response.statusCode} ${response.body}`);
  return response.json().sale.invoice;
}

const serials = (results: SearchResults) => results.items.map((i) => `${i.serial}:${i.match}`);

describe('items', () => {
  it('ranks the exact serial first, then serials starting with the text, then brands and models containing it', async () => {
    const gold = await as('gold');
    await addItem(gold, { serial: 'SUB12', brand: 'Omega', model: 'Speedmaster' });
    await addItem(gold, { serial: 'SUB1', brand: 'Omega', model: 'Seamaster' });
    await addItem(gold, { serial: 'AAA-9', brand: 'Rolex', model: 'Submariner' });
    await addItem(gold, { serial: 'XYZ-1', brand: 'Cartier', model: 'Tank' });

    const found = await search(gold, 'sub1');
    expect(serials(found)).toEqual(['SUB1:exact', 'SUB12:prefix']);

    // "sub": the two serials start with it, the Submariner's model too; the Tank matches nothing.
    expect(serials(await search(gold, 'SUB'))).toEqual(['AAA-9:prefix', 'SUB1:prefix', 'SUB12:prefix']);
    // "mariner" is inside the model only; "rolex sub" spans brand and model.
    expect(serials(await search(gold, 'mariner'))).toEqual(['AAA-9:contains']);
    expect(serials(await search(gold, 'Rolex Sub'))).toEqual(['AAA-9:contains']);
    expect(serials(await search(gold, 'nothing like it'))).toEqual([]);
  });

  it('finds an item by its stock number ("3", "#3") and by its reference, with what the list shows', async () => {
    const gold = await as('gold');
    await addItem(gold, { serial: 'A-1' });
    await addItem(gold, { serial: 'A-2' });
    const id = await addItem(gold, {
      serial: 'B-7',
      brand: 'Rolex',
      model: 'Submariner',
      referenceNumber: '126610LN',
    });

    const byNumber = await search(gold, '#3');
    expect(byNumber.items).toEqual([
      {
        id,
        serial: 'B-7',
        stockNumber: 3,
        stockType: 'Watches',
        brand: 'Rolex',
        model: 'Submariner',
        referenceNumber: '126610LN',
        status: 'available',
        match: 'exact',
      },
    ]);
    expect(serials(await search(gold, '3'))).toEqual(['B-7:exact']);
    expect(serials(await search(gold, '126610'))).toEqual(['B-7:prefix']);
    expect(serials(await search(gold, '126610ln'))).toEqual(['B-7:prefix']);
  });

  it('answers at most 8 items, and takes % and _ as the characters they are', async () => {
    const gold = await as('gold');
    for (let n = 1; n <= 10; n += 1) await addItem(gold, { serial: `LOT-${String(n).padStart(2, '0')}` });
    await addItem(gold, { serial: 'PCT%1' });
    const found = await search(gold, 'lot-');
    expect(found.items).toHaveLength(8);
    expect(found.items.map((i) => i.serial)).toEqual([
      'LOT-01',
      'LOT-02',
      'LOT-03',
      'LOT-04',
      'LOT-05',
      'LOT-06',
      'LOT-07',
      'LOT-08',
    ]);
    expect(serials(await search(gold, 'pct%'))).toEqual(['PCT%1:prefix']);
    expect(serials(await search(gold, 'l_t'))).toEqual([]);
  });
});

describe('clients and invoices', () => {
  it('finds clients by name (start or inside), e-mail and phone with or without its spaces', async () => {
    const gold = await as('gold');
    const ada = await addClient('Ada Lovelace', '07700 900123');
    const bob = await addClient('Bob Adams', '+44 20 7946 0000');
    await addClient('Carl Smith');

    const byName = await search(gold, 'ada');
    expect(byName.clients.map((c) => `${c.name}:${c.match}`)).toEqual([
      'Ada Lovelace:prefix',
      'Bob Adams:contains',
    ]);
    expect(byName.clients[0]).toEqual({
      id: ada,
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      phone: '07700 900123',
      match: 'prefix',
    });
    expect((await search(gold, '07700900123')).clients.map((c) => [c.id, c.match])).toEqual([[ada, 'exact']]);
    expect((await search(gold, '07700 900')).clients.map((c) => [c.id, c.match])).toEqual([[ada, 'prefix']]);
    expect((await search(gold, '+44 20')).clients.map((c) => c.id)).toEqual([bob]);
    expect((await search(gold, 'BOB.ADAMS@example.com')).clients.map((c) => [c.id, c.match])).toEqual([
      [bob, 'exact'],
    ]);
  });

  it('finds an invoice by its reference, whole, its start or its number inside', async () => {
    const gold = await as('gold');
    const first = await sell(gold, await addItem(gold, { serial: 'S-1' }));
    const second = await sell(gold, await addItem(gold, { serial: 'S-2' }));
    expect([first.reference, second.reference]).toEqual(['INV-000001', 'INV-000002']);

    const exact = await search(gold, 'inv-000002');
    expect(exact.invoices).toEqual([
      {
        id: second.id,
        reference: 'INV-000002',
        kind: 'invoice',
        issueDate: '2026-03-01',
        buyerName: '',
        match: 'exact',
      },
    ]);
    expect((await search(gold, 'INV-')).invoices.map((i) => i.reference)).toEqual([
      'INV-000002',
      'INV-000001',
    ]);
    expect((await search(gold, '0001')).invoices.map((i) => [i.reference, i.match])).toEqual([
      ['INV-000001', 'contains'],
    ]);
  });

  it('groups what one text finds by kind', async () => {
    const gold = await as('gold');
    await addClient('Rolex Collector Ltd');
    await addItem(gold, { serial: 'R-1', brand: 'Rolex', model: 'Daytona' });
    const found = await search(gold, 'rolex');
    expect(found).toEqual({
      items: [expect.objectContaining({ serial: 'R-1', match: 'prefix' })],
      clients: [expect.objectContaining({ name: 'Rolex Collector Ltd', match: 'prefix' })],
      invoices: [],
      jobs: [],
    });
  });
});

describe('who may search, and what', () => {
  it("answers only the caller's shop", async () => {
    const gold = await as('gold');
    const rival = await as('rival');
    await addItem(gold, { serial: 'MINE-1', referenceNumber: '5711' });
    await addItem(rival, { serial: 'MINE-2', referenceNumber: '5712' });
    await addClient('Mina Own', '0111 222333');
    await addClient('Mina Rival', '0111 222444', 'other');
    await sell(rival, await addItem(rival, { serial: 'R-9' }));

    const own = await search(gold, 'min');
    expect(own.items.map((i) => i.serial)).toEqual(['MINE-1']);
    expect(own.clients.map((c) => c.name)).toEqual(['Mina Own']);
    expect((await search(gold, '571')).items.map((i) => i.serial)).toEqual(['MINE-1']);
    expect((await search(gold, '0111')).clients.map((c) => c.name)).toEqual(['Mina Own']);
    expect((await search(gold, 'INV-000001')).invoices).toEqual([]);
    // Stock number 1 of each shop: only the caller's.
    expect((await search(rival, '1')).items.map((i) => i.serial)).toEqual(['MINE-2']);
  });

  it('lets every member search, and no one signed out', async () => {
    for (const caller of ['platinum', 'gold', 'silver'] as const) {
      expect((await (await as(caller)).get(`${SEARCH}?q=x`)).statusCode).toBe(200);
    }
    expect((await (await as('anonymous')).get(`${SEARCH}?q=x`)).statusCode).toBe(401);
  });

  it.each([
    ['no q', ''],
    ['a blank q', '?q=%20%20'],
    ['a q of 101 characters', `?q=${'a'.repeat(101)}`],
    ['a q with a control character', '?q=a%01b'],
    ['a q with a right-to-left override', '?q=a%E2%80%AEb'],
  ])('answers 400 to %s', async (_what, query) => {
    const response = await (await as('gold')).get(`${SEARCH}${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['q']);
  });

  it('takes a q of 100 characters, and one a scanner ended with a Tab', async () => {
    const gold = await as('gold');
    await addItem(gold, { serial: 'TAB-1' });
    expect((await search(gold, 'a'.repeat(100))).items).toEqual([]);
    expect(serials(await search(gold, 'TAB-1\t'))).toEqual(['TAB-1:exact']);
  });
});
