import type { Browser } from '../../helper';
import type { Queryable } from '../../../src/db/database';
import { ItemsRepository } from '../../../src/modules/inventory/items-repository';
import { inventoryTestbed, itemBody } from './setup';

const { as, client, state } = inventoryTestbed();
const ITEMS = '/api/items/';

interface Row {
  id: number;
  serial: string;
  stockType: string;
  purchasePrice: number;
  status: string;
  checkout: { clientId: number; clientName: string; dueDate: string | null } | null;
  promotion: unknown;
}

/**
 * 12 items with known prices: serial S01..S12, price = 100 × n (+ .50 on odd n); Watches S01/S04/S07/S10
 * (Omega Speedmaster on odd n, Rolex Daytona on even), Jewellery S02/S05/S08/S11, Accessories S03/S06/S09/S12;
 * S11 unavailable, S12 sold.
 */
async function stock(browser: Browser): Promise<Row[]> {
  const rows: Row[] = [];
  for (let n = 1; n <= 12; n += 1) {
    const stockType = ['Watches', 'Jewellery', 'Accessories'][(n - 1) % 3] as string;
    const brand = stockType === 'Watches' ? (n % 2 === 0 ? 'Rolex' : 'Omega') : '';
    const model = brand === 'Rolex' ? 'Daytona' : brand === 'Omega' ? 'Speedmaster' : '';
    const response = await browser.post(
      ITEMS,
      itemBody({
        serial: `S${String(n).padStart(2, '0')}`,
        stockType,
        brand,
        model,
        status: n === 11 ? 'unavailable' : n === 12 ? 'sold' : 'available',
        transactions: [{ type: 'cash', amount: `${n * 100}${n % 2 === 1 ? '.50' : ''}` }],
      }),
    );
    expect(response.statusCode).toBe(201);
    rows.push(response.json());
  }
  return rows;
}

const serials = (body: { results: Row[] }) => body.results.map((r) => r.serial);

describe('GET /api/items/', () => {
  let browser: Browser;
  beforeEach(async () => {
    // Gold: the purchase price, its filters and orderings are costs (silver's are in test/kernel/costs.test.ts).
    browser = await as('gold');
    await stock(browser);
  });

  it('answers {results, count}, newest first, 10 per page by default', async () => {
    const response = await browser.get(ITEMS);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(12);
    expect(serials(body)).toEqual(['S12', 'S11', 'S10', 'S09', 'S08', 'S07', 'S06', 'S05', 'S04', 'S03']);
    expect(body.results[0]).not.toHaveProperty('transactions');
    expect(body.results[0]).toMatchObject({
      imageId: null,
      checkout: null,
      promotion: null,
      listingPrice: 12500,
    });
  });

  it('pages: page 2 holds the rest, a page past the end is 404 "Invalid page.", page 1 of nothing is empty', async () => {
    expect(serials((await browser.get(`${ITEMS}?page=2`)).json())).toEqual(['S02', 'S01']);
    const past = await browser.get(`${ITEMS}?page=3`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    expect((await browser.get(`${ITEMS}?page=0`)).statusCode).toBe(404);
    expect((await browser.get(`${ITEMS}?page=abc`)).statusCode).toBe(404);
    const none = await browser.get(`${ITEMS}?search=zzz`);
    expect(none.json()).toEqual({ results: [], count: 0 });
    expect((await browser.get(`${ITEMS}?search=zzz&page=2`)).statusCode).toBe(404);
  });

  it('the stock screens’ query (type and statuses, whose count comes with the page) pages as any other', async () => {
    const statuses = `${ITEMS}?status=available,unavailable,sold`;
    const first = (await browser.get(statuses)).json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect((await browser.get(`${statuses}&page=2`)).json()).toMatchObject({ count: 12 });
    expect(serials((await browser.get(`${statuses}&page=2`)).json())).toEqual(['S02', 'S01']);
    const past = await browser.get(`${statuses}&page=3`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    const jewellery = (
      await browser.get(`${ITEMS}?stock_type=Jewellery&status=available&ordering=-serial`)
    ).json();
    expect(jewellery.count).toBe(3);
    expect(serials(jewellery)).toEqual(['S08', 'S05', 'S02']);
    const none = `${ITEMS}?stock_type=Watches&status=sold,unavailable`;
    expect((await browser.get(none)).json()).toEqual({ results: [], count: 0 });
    expect((await browser.get(`${none}&page=2`)).statusCode).toBe(404);
  });

  it('takes the page sizes 10, 25, 50 and 100 and no other', async () => {
    expect((await browser.get(`${ITEMS}?page_size=25`)).json().results).toHaveLength(12);
    expect((await browser.get(`${ITEMS}?page_size=100`)).json().results).toHaveLength(12);
    const bad = await browser.get(`${ITEMS}?page_size=7`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      page_size: ['Select a valid choice. 7 is not one of the available choices.'],
    });
  });

  it('filters by stock type, status (one or several), brand and model', async () => {
    const watches = (await browser.get(`${ITEMS}?stock_type=Watches&page_size=50`)).json();
    expect(serials(watches)).toEqual(['S10', 'S07', 'S04', 'S01']);
    const available = (await browser.get(`${ITEMS}?status=available&page_size=50`)).json();
    expect(available.count).toBe(10);
    const notAvailable = (await browser.get(`${ITEMS}?status=sold,unavailable`)).json();
    expect(serials(notAvailable)).toEqual(['S12', 'S11']);
    const rolex = (await browser.get(`${ITEMS}?brand=Rolex`)).json();
    expect(serials(rolex)).toEqual(['S10', 'S04']);
    const speedmaster = (await browser.get(`${ITEMS}?brand=Omega&model=Speedmaster`)).json();
    expect(serials(speedmaster)).toEqual(['S07', 'S01']);
    expect((await browser.get(`${ITEMS}?brand=Omega&model=Daytona`)).json().count).toBe(0);
    const bad = await browser.get(`${ITEMS}?stock_type=Cars&status=lost`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      stock_type: ['Select a valid choice. Cars is not one of the available choices.'],
      status: ['Select a valid choice. lost is not one of the available choices.'],
    });
  });

  it('min and max price are inclusive bounds on the purchase price and accept "£1,234.50"', async () => {
    const between = (
      await browser.get(`${ITEMS}?min_price=300.50&max_price=500.5&ordering=purchase_price`)
    ).json();
    expect(between.results.map((r: Row) => r.purchasePrice)).toEqual([300.5, 400, 500.5]);
    const pounds = await browser.get(
      `${ITEMS}?min_price=${encodeURIComponent('£1,100')}&ordering=purchase_price`,
    );
    expect(pounds.json().results.map((r: Row) => r.purchasePrice)).toEqual([1100.5, 1200]);
    const exact = (await browser.get(`${ITEMS}?min_price=200&max_price=200`)).json();
    expect(serials(exact)).toEqual(['S02']);
    const bad = await browser.get(`${ITEMS}?min_price=cheap&max_price=1.234`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ min_price: ['Enter a number.'], max_price: ['Enter a number.'] });
    // Crossed bounds are simply an empty list.
    expect((await browser.get(`${ITEMS}?min_price=500&max_price=100`)).json().count).toBe(0);
  });

  it('search finds serials by their beginning, case-insensitively; LIKE wildcards are literal', async () => {
    expect(serials((await browser.get(`${ITEMS}?search=s1`)).json())).toEqual(['S12', 'S11', 'S10']);
    expect(serials((await browser.get(`${ITEMS}?search=S05`)).json())).toEqual(['S05']);
    expect((await browser.get(`${ITEMS}?search=%25`)).json().count).toBe(0);
    expect((await browser.get(`${ITEMS}?search=S_1`)).json().count).toBe(0);
    // No serial starts with "1", but it is a stock number (issue 22): the shop's first item.
    const byNumber = (await browser.get(`${ITEMS}?search=1`)).json();
    expect(byNumber.results.map((r: Row & { stockNumber: number }) => r.stockNumber)).toEqual([1]);
  });

  it('orders by the whitelisted keys only', async () => {
    const cheap = (await browser.get(`${ITEMS}?ordering=purchase_price&page_size=25`)).json();
    expect(serials(cheap)[0]).toBe('S01');
    const dear = (await browser.get(`${ITEMS}?ordering=-purchase_price`)).json();
    expect(serials(dear)[0]).toBe('S12');
    expect(serials((await browser.get(`${ITEMS}?ordering=serial`)).json())[0]).toBe('S01');
    expect(serials((await browser.get(`${ITEMS}?ordering=created_at`)).json())[0]).toBe('S01');
    const bad = await browser.get(`${ITEMS}?ordering=password`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      ordering: ['Select a valid choice. password is not one of the available choices.'],
    });
  });

  it('an unknown query parameter is a 400', async () => {
    const response = await browser.get(`${ITEMS}?colour=red`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ colour: ['This field is not allowed.'] });
  });

  it('client= lists what that client has out, with the client name and due date on each row', async () => {
    const ada = await client('Ada');
    const bea = await client('Bea');
    const rows = (await browser.get(`${ITEMS}?status=available&ordering=serial`)).json().results as Row[];
    const [first, second, third] = rows;
    for (const [row, who, due] of [
      [first, ada, '2026-03-10'],
      [second, ada, null],
      [third, bea, '2026-04-01'],
    ] as Array<[Row, number, string | null]>) {
      const out = await browser.post(`${ITEMS}${row.id}/check-out/`, { clientId: who, dueDate: due });
      expect(out.statusCode).toBe(200);
    }
    const adas = (await browser.get(`${ITEMS}?client=${ada}&ordering=serial`)).json();
    expect(serials(adas)).toEqual(['S01', 'S02']);
    expect(adas.results[0].checkout).toMatchObject({
      clientId: ada,
      clientName: 'Ada',
      dueDate: '2026-03-10',
    });
    const out = (await browser.get(`${ITEMS}?status=checked_out&ordering=due_date`)).json();
    expect(serials(out)).toEqual(['S01', 'S03', 'S02']);
    // Latest due first; no due date (S02) and nothing out (the rest, by id) last either way.
    const latest = (await browser.get(`${ITEMS}?status=checked_out&ordering=-due_date`)).json();
    expect(serials(latest)).toEqual(['S03', 'S01', 'S02']);
    const all = (await browser.get(`${ITEMS}?ordering=due_date`)).json();
    expect(serials(all).slice(0, 5)).toEqual(['S01', 'S03', 'S02', 'S04', 'S05']);
    const allLatest = (await browser.get(`${ITEMS}?ordering=-due_date`)).json();
    expect(serials(allLatest).slice(0, 5)).toEqual(['S03', 'S01', 'S12', 'S11', 'S10']);
    expect((await browser.get(`${ITEMS}?client=abc`)).statusCode).toBe(400);
    // Someone else's client id finds nothing here.
    const theirs = await client('Theirs', 'other');
    expect((await browser.get(`${ITEMS}?client=${theirs}`)).json().count).toBe(0);
  });

  it('picks a page by due date with the open check-outs joined once, not looked up item by item', async () => {
    // Issue 26: a sub-select in ORDER BY probed the check-outs' index once for each item listed (2,006 probes
    // for "checked out, by due date" at 100,000 items). The statements that pick a page's ids, as sent:
    const sent: Array<{ sql: string; params: readonly unknown[] }> = [];
    const spy: Queryable = {
      query: async (sql, params = [], options) => {
        sent.push({ sql, params });
        return state.db.query(sql, params, options);
      },
    };
    const items = new ItemsRepository(spy);
    for (const ordering of ['due_date', '-due_date'] as const) {
      await items.listCounted(state.fx.shopId, { statuses: ['checked_out'] }, ordering, 25, 0);
      await items.list(state.fx.shopId, { brand: 'Omega' }, ordering, 25, 0);
    }
    const picks = sent.filter(({ sql }) => /^\s*SELECT i\.id\b/.test(sql));
    expect(picks).toHaveLength(4);
    for (const { sql, params } of picks) {
      const [plan] = await state.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const text = JSON.stringify(plan?.['QUERY PLAN']);
      expect(text).toContain('"Relation Name":"checkouts"');
      expect(text).not.toContain('"Parent Relationship":"SubPlan"');
    }
  });

  it('promoted=true|false filters on the promotion badge', async () => {
    const s05 = (await browser.get(`${ITEMS}?search=S05`)).json().results[0] as Row;
    expect((await browser.post(`${ITEMS}${s05.id}/promote/`, { promoted: true })).statusCode).toBe(200);
    expect(serials((await browser.get(`${ITEMS}?promoted=true`)).json())).toEqual(['S05']);
    expect((await browser.get(`${ITEMS}?promoted=false`)).json().count).toBe(11);
    expect((await browser.get(`${ITEMS}?promoted=maybe`)).statusCode).toBe(400);
  });

  it('never shows another shop’s stock', async () => {
    const rival = await as('rival');
    expect((await rival.get(ITEMS)).json()).toEqual({ results: [], count: 0 });
    await rival.post(ITEMS, itemBody({ serial: 'THEIRS' }));
    expect((await browser.get(`${ITEMS}?search=THEIRS`)).json().count).toBe(0);
  });
});

describe('GET /api/items/summary/', () => {
  it('counts stock by type and status, values it at purchase price, and lists the last 5 watches bought', async () => {
    const browser = await as('gold');
    const empty = (await browser.get('/api/items/summary/')).json();
    expect(empty).toEqual({
      byStockType: {
        Watches: { count: 0, value: 0 },
        Jewellery: { count: 0, value: 0 },
        Accessories: { count: 0, value: 0 },
      },
      byStatus: { available: 0, checked_out: 0, reserved: 0, unavailable: 0, sold: 0 },
      inStockCount: 0,
      inStockValue: 0,
      recentPurchases: [],
    });
    await stock(browser);
    const summary = (await browser.get('/api/items/summary/')).json();
    // Watches: S01 (100.50), S04 (400), S07 (700.50), S10 (1000): none sold.
    expect(summary.byStockType.Watches).toEqual({ count: 4, value: 2201 });
    // Jewellery S02, S05, S08, S11 (unavailable counts as stock).
    expect(summary.byStockType.Jewellery).toEqual({ count: 4, value: 200 + 500.5 + 800 + 1100.5 });
    // Accessories S03, S06, S09 (S12 is sold).
    expect(summary.byStockType.Accessories).toEqual({ count: 3, value: 300.5 + 600 + 900.5 });
    expect(summary.byStatus).toEqual({ available: 10, checked_out: 0, reserved: 0, unavailable: 1, sold: 1 });
    expect(summary.inStockCount).toBe(11);
    expect(summary.inStockValue).toBe(6603);
    expect(summary.recentPurchases.map((r: { serial: string }) => r.serial)).toEqual([
      'S10',
      'S07',
      'S04',
      'S01',
    ]);
    // Retail 12,500 on a purchase of 1,000: (12500 − 1000) / 1000 = 1150.0 %.
    expect(summary.recentPurchases[0]).toEqual({
      id: expect.any(Number),
      name: 'Rolex Daytona',
      serial: 'S10',
      purchasePrice: 1000,
      retailPrice: 12500,
      expectedMarkupPercent: 1150,
      purchasedOn: '2026-03-01',
    });
    expect(summary.recentPurchases[1].expectedMarkupPercent).toBe(1684.4);
  });
});
