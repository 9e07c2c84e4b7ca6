import { COSTS_NOT_ALLOWED, type Item } from '@loupe/contracts';
import type { Browser } from '../helper';
import { inventoryTestbed, itemBody } from '../modules/inventory/setup';

// Issue 21, item 6: silver sees no cost or profit unless the shop allows it. This walks every endpoint that
// reveals what stock cost or made (the table in server/README.md, "Costs and profit"): a silver member gets
// each answer WITHOUT those fields (left out, not zeroed) or a 403, while the shop's setting is off; with it on,
// silver gets them as gold does. Clock: 2026-03-01 09:00 UTC.
const { state, as, client } = inventoryTestbed();

/** Every key that names a cost, profit, margin or stock value at cost in an answer. */
const COST_KEYS = [
  'purchasePrice',
  'transactions',
  'agreedCost',
  'inStockValue',
  'value',
  'expectedMarkupPercent',
  'cost',
  'costOfGoods',
  'profit',
  'profitPercent',
  'profitLoss',
  'purchases',
  'marginGbp',
  'marginVatGbp',
];

/** The cost keys anywhere in a JSON answer (nested objects and lists included). */
function costKeysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const each of value) costKeysIn(each, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (COST_KEYS.includes(key)) found.add(key);
      costKeysIn(inner, found);
    }
  }
  return found;
}

interface Fixture {
  aged: Item;
  memo: Item;
  sold: Item;
  invoiceId: number;
  dealId: number;
}

/** An aged watch (bought 2025-06-01 for 8,000), one on consignment (agreed cost 3,000, overdue), one sold. */
async function stock(owner: Browser): Promise<Fixture> {
  const add = async (body: Record<string, unknown>) => {
    const response = await owner.post('/api/items/', itemBody(body));
    expect(response.statusCode).toBe(201);
    return response.json() as Item;
  };
  const aged = await add({ serial: 'AGED-1', purchasedOn: '2025-06-01' });
  const memo = await add({
    serial: 'MEMO-1',
    transactions: [],
    consignment: { supplierId: await client('Cleo'), agreedCost: '3000.00', returnBy: '2026-02-01' },
  });
  const sold = await add({ serial: 'SOLD-1', transactions: [{ type: 'cash', amount: 5000 }] });
  const sale = await owner.post(`/api/items/${sold.id}/sell/`, {
    price: 7000,
    paymentMethod: 'Bank Transfer',
  });
  expect(sale.statusCode).toBe(200);
  // The sale's invoice and its deal (a Sell is the one-line case of a deal).
  const [invoice] = (await owner.get('/api/invoices/')).json().results;
  const [deal] = (await owner.get('/api/deals/')).json().results;
  return { aged, memo, sold, invoiceId: invoice.id, dealId: deal.id };
}

/** The reads that answer with cost fields left out, and the cost keys gold (or silver when allowed) gets. */
const shaped = (f: Fixture): Array<[string, string[]]> => [
  ['/api/items/', ['purchasePrice', 'agreedCost']],
  ['/api/items/?status=sold', ['purchasePrice']],
  ['/api/items/?consignment=true', ['purchasePrice', 'agreedCost']],
  [`/api/items/${f.aged.id}/`, ['purchasePrice', 'transactions']],
  [`/api/items/${f.memo.id}/`, ['purchasePrice', 'agreedCost', 'transactions']],
  [`/api/items/${f.sold.id}/`, ['purchasePrice', 'transactions']],
  ['/api/items/by-serial/?serial=AGED-1', ['purchasePrice']],
  ['/api/items/summary/', ['value', 'inStockValue', 'purchasePrice', 'expectedMarkupPercent']],
  ['/api/stock/aging/', ['cost', 'agreedCost']],
  ['/api/dashboard/finance/', ['purchases', 'profitLoss', 'cost', 'profit', 'profitPercent']],
  ['/api/reports/?type=sales&range=monthly', ['profit', 'costOfGoods']],
  ['/api/reports/?type=sales_by_method&range=monthly', ['profit']],
  ['/api/reports/?type=client_balances&range=monthly', ['profit']],
  ['/api/reports/?type=client_report&range=monthly', ['profit']],
  ['/api/dashboard/pins/', ['profit']],
  ['/api/invoices/', ['marginGbp', 'marginVatGbp']],
  [`/api/invoices/${f.invoiceId}/`, ['marginGbp', 'marginVatGbp']],
  ['/api/deals/', ['marginGbp', 'marginVatGbp']],
  [`/api/deals/${f.dealId}/`, ['marginGbp', 'marginVatGbp']],
];

/** The reads refused outright: costs through and through, or filters and orderings that bisect a cost. */
const REFUSED = [
  '/api/items/?min_price=1000',
  '/api/items/?max_price=%C2%A39%2C000',
  '/api/items/?ordering=purchase_price',
  '/api/items/?ordering=-purchase_price',
  '/api/reports/?type=purchases&range=monthly',
  '/api/reports/?type=stock_summary&range=monthly',
  '/api/reports/?type=profit_loss&range=monthly',
  '/api/reports/csv/?type=purchases&range=monthly',
  '/api/reports/csv/?type=stock_summary&range=monthly',
  '/api/reports/csv/?type=profit_loss&range=monthly',
  '/api/reports/margins/?from=2026-02-01&to=2026-03-01',
  '/api/reports/margins/csv/?from=2026-02-01&to=2026-03-01',
  '/api/books/stock-book/?date_from=2026-02-01&date_to=2026-03-01',
  '/api/books/vat/?date_from=2026-02-01&date_to=2026-03-01',
];

async function allowSilver(on: boolean) {
  await state.db.query(
    `INSERT INTO shop_settings (shop_id, silver_sees_costs) VALUES ($1, $2)
     ON CONFLICT (shop_id) DO UPDATE SET silver_sees_costs = EXCLUDED.silver_sees_costs`,
    [state.fx.shopId, on],
  );
}

/** A pin of each kind silver may pin, plus a profit & loss one gold pinned for itself. */
async function pin(browser: Browser, type: string) {
  const response = await browser.post('/api/dashboard/pins/', { type, range: 'monthly' });
  expect([200, 201]).toContain(response.statusCode);
}

describe('costs and profit for a member without viewCosts', () => {
  it('leaves every cost field out of silver’s answers while the shop setting is off, and gold keeps them', async () => {
    const f = await stock(await as('platinum'));
    const gold = await as('gold');
    const silver = await as('silver');
    await pin(gold, 'sales');
    await pin(silver, 'sales');
    for (const [path, keys] of shaped(f)) {
      const full = await gold.get(path);
      expect([path, full.statusCode]).toEqual([path, 200]);
      // Each read really carries the figures for gold: the walk would prove nothing otherwise.
      expect([path, [...costKeysIn(full.json())].sort()]).toEqual([path, [...keys].sort()]);
      const cut = await silver.get(path);
      expect([path, cut.statusCode]).toEqual([path, 200]);
      expect([path, [...costKeysIn(cut.json())]]).toEqual([path, []]);
    }
    // Nothing else was lost on the way: the same rows, the same counts.
    const list = (await silver.get('/api/items/')).json();
    expect(list.count).toBe(3);
    expect(list.results.map((row: Item) => row.serial).sort()).toEqual(['AGED-1', 'MEMO-1', 'SOLD-1']);
    const memo = (await silver.get(`/api/items/${f.memo.id}/`)).json();
    expect(memo.consignment).toMatchObject({ supplierName: 'Cleo', returnBy: '2026-02-01', overdue: true });
    expect((await silver.get('/api/stock/aging/')).json().over90).toEqual({ count: 1 });
    const report = (await silver.get('/api/reports/?type=sales&range=monthly')).json();
    expect(report.totals).toEqual({ sales: 7000, expenses: 0 });

    // The item's history reads without what it cost: no "Purchase price" change, no £8,000 anywhere.
    const history = `/api/items/${f.aged.id}/history/`;
    const fields = (body: { results: Array<{ changes: Array<{ field: string }> }> }) =>
      body.results.flatMap((event) => event.changes.map((change) => change.field));
    expect(fields((await gold.get(history)).json())).toContain('Purchase price');
    expect((await gold.get(history)).body).toContain('8,000.00');
    const told = await silver.get(history);
    expect(told.statusCode).toBe(200);
    expect(fields(told.json())).not.toContain('Purchase price');
    expect(fields(told.json())).toContain('Serial number');
    expect(told.body).not.toContain('8,000');
  });

  it('refuses silver the cost reports, the purchase-price filters and orderings, and pinning a cost report', async () => {
    await stock(await as('platinum'));
    const gold = await as('gold');
    const silver = await as('silver');
    for (const path of REFUSED) {
      const refused = await silver.get(path);
      expect([path, refused.statusCode, refused.json()]).toEqual([path, 403, { detail: COSTS_NOT_ALLOWED }]);
      expect([path, (await gold.get(path)).statusCode]).toEqual([path, 200]);
    }
    const pinned = await silver.post('/api/dashboard/pins/', { type: 'profit_loss', range: 'monthly' });
    expect([pinned.statusCode, pinned.json()]).toEqual([403, { detail: COSTS_NOT_ALLOWED }]);
  });

  it('answers every item write without the purchase price, a stale edit’s current item included', async () => {
    const f = await stock(await as('platinum'));
    const silver = await as('silver');
    const clientId = await client('Ada');
    const edit = (location: string) =>
      silver.put(`/api/items/${f.aged.id}/`, {
        serial: 'AGED-1',
        stockType: 'Watches',
        version: f.aged.version,
        location,
      });
    const writes: Array<[string, () => ReturnType<Browser['post']>, number]> = [
      ['edit', () => edit('Safe 1'), 200],
      ['stale edit', () => edit('Safe 2'), 409],
      ['promote', () => silver.post(`/api/items/${f.aged.id}/promote/`, { promoted: true }), 200],
      ['check out', () => silver.post(`/api/items/${f.aged.id}/check-out/`, { clientId }), 200],
      ['return', () => silver.post(`/api/items/${f.aged.id}/return/`, {}), 200],
      [
        'sell',
        () => silver.post(`/api/items/${f.aged.id}/sell/`, { price: 9000, paymentMethod: 'Bank Transfer' }),
        200,
      ],
      ['return to supplier', () => silver.post(`/api/items/${f.memo.id}/return-to-supplier/`, {}), 200],
      [
        'add',
        () =>
          silver.post(
            '/api/items/',
            itemBody({ serial: 'NEW-1', transactions: [{ type: 'cash', amount: 10 }] }),
          ),
        201,
      ],
    ];
    for (const [what, write, status] of writes) {
      const response = await write();
      expect([what, response.statusCode, response.statusCode === status || response.body]).toEqual([
        what,
        status,
        true,
      ]);
      expect([what, [...costKeysIn(response.json())]]).toEqual([what, []]);
    }
    // The stale edit did hand the item back (as it is now), only without its costs.
    expect((await edit('Safe 3')).json().current).toMatchObject({ serial: 'AGED-1', location: 'Safe 1' });
  });

  it('gives silver the same figures as gold once the shop lets silver see costs and profit', async () => {
    const f = await stock(await as('platinum'));
    await allowSilver(true);
    const gold = await as('gold');
    const silver = await as('silver');
    await pin(silver, 'sales');
    await pin(gold, 'sales');
    for (const [path] of shaped(f)) {
      // Pins are each member's own: their totals are what must match.
      const figures = (body: { results?: Array<{ totals: unknown }> }) =>
        path.includes('/pins/') ? body.results?.map((pinned) => pinned.totals) : body;
      const full = figures((await gold.get(path)).json());
      const allowed = await silver.get(path);
      expect([path, allowed.statusCode]).toEqual([path, 200]);
      expect([path, figures(allowed.json())]).toEqual([path, full]);
    }
    for (const path of REFUSED) expect([path, (await silver.get(path)).statusCode]).toEqual([path, 200]);
    // Turned off again: a new session goes without them.
    await allowSilver(false);
    const again = await as('silver');
    expect([...costKeysIn((await again.get(`/api/items/${f.aged.id}/`)).json())]).toEqual([]);
  });

  it('writes the invoices CSV without the margin columns for silver', async () => {
    await stock(await as('platinum'));
    const header = async (browser: Browser) =>
      (await browser.get('/api/invoices/csv/')).body.split('\r\n')[0] as string;
    expect(await header(await as('gold'))).toContain(',Margin GBP,VAT in margin GBP,');
    const silver = await header(await as('silver'));
    expect(silver).toContain(',VAT,Payment method,');
    expect(silver).not.toContain('Margin');
  });

  it('writes the report CSV without the Profit and Cost GBP columns for silver', async () => {
    await stock(await as('platinum'));
    const lines = async (browser: Browser) =>
      (await browser.get('/api/reports/csv/?type=sales&range=monthly')).body.split('\r\n');
    const gold = await lines(await as('gold'));
    const silver = await lines(await as('silver'));
    expect(gold[0]).toBe('Date,Sales,Expenses,Profit');
    expect(silver[0]).toBe('Date,Sales,Expenses');
    expect(gold).toContain('Date,Entry,Name,Payment Method,Currency,Amount,Exchange Rate,GBP,Cost GBP');
    expect(silver).toContain('Date,Entry,Name,Payment Method,Currency,Amount,Exchange Rate,GBP');
    expect(silver.find((line) => line.startsWith('Total,'))).toBe('Total,7000.00,0.00');
    expect(silver.filter((line) => line.includes('5000'))).toEqual([]);
  });
});
