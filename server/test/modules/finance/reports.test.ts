import { paths } from '@loupe/contracts';
import { financeTestbed } from './setup';

const { state, as, at, item, sale, expense, client } = financeTestbed();

const report = async (query: string, caller: 'gold' | 'silver' | 'rival' = 'gold') => {
  const res = await (await as(caller)).get(`${paths.reports}?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const zero = (date: string) => ({ date, sales: 0, expenses: 0, profit: 0 });

/*
 * February 2026, by hand:
 *   A  Watches   Rolex Submariner  bought 02-03 for 8000.00, sold 02-10 for 10000.00 (Credit Card)
 *   B  Jewellery                   bought 02-05 for 1500.50, in stock
 *   C  Accessories                 bought 01-20 for  200.00, in stock
 *   D  Watches   Omega Speedmaster bought 02-12 for 3000.00, sold 02-12 for 2500.00 (Bank Transfer): a loss
 *   quick sales 02-10 120.00 Cash (to alice), 02-20 80.40 PayPal; expenses 02-10 300.00, 02-20 19.99
 */
async function february() {
  const alice = await client('alice', '100.00');
  const a = await item({
    stockType: 'Watches',
    brand: 'Rolex',
    model: 'Submariner',
    price: '8000',
    purchasedOn: '2026-02-03',
    status: 'sold',
  });
  await item({ stockType: 'Jewellery', price: '1500.50', purchasedOn: '2026-02-05' });
  await item({ stockType: 'Accessories', price: '200', purchasedOn: '2026-01-20' });
  const d = await item({
    stockType: 'Watches',
    brand: 'Omega',
    model: 'Speedmaster',
    price: '3000',
    purchasedOn: '2026-02-12',
    status: 'sold',
  });
  await sale({ day: '2026-02-10', gbp: '10000.00', itemId: a, cost: '8000', method: 'Credit Card' });
  await sale({ day: '2026-02-12', gbp: '2500.00', itemId: d, cost: '3000', method: 'Bank Transfer' });
  await sale({ day: '2026-02-10', gbp: '120.00', method: 'Cash', clientId: alice });
  await sale({ day: '2026-02-20', gbp: '80.40', method: 'PayPal' });
  await expense({ day: '2026-02-10', gbp: '300.00' });
  await expense({ day: '2026-02-20', gbp: '19.99' });
  // Another shop's records never count.
  await sale({ day: '2026-02-10', gbp: '5000.00', shop: 'other' });
  await expense({ day: '2026-02-11', gbp: '77.00', shop: 'other' });
  await item({ price: '999', purchasedOn: '2026-02-11', shop: 'other' });
}
const CUSTOM = 'range=custom&from=2026-02-10&to=2026-02-12';

describe('report types over 10–12 February', () => {
  beforeEach(february);

  it('Sales: takings, expenses, profit after the cost of the items sold and the expenses', async () => {
    const r = await report(`type=sales&${CUSTOM}`);
    expect(r).toEqual({
      type: 'sales',
      range: 'custom',
      from: '2026-02-10',
      to: '2026-02-12',
      currency: 'GBP',
      rows: [
        { date: '2026-02-10', sales: 10120, expenses: 300, profit: 1820 },
        zero('2026-02-11'),
        { date: '2026-02-12', sales: 2500, expenses: 0, profit: -500 },
      ],
      totals: { sales: 12620, expenses: 300, profit: 1320 },
      details: {
        kind: 'sales',
        itemSales: { count: 2, amount: 12500 },
        quickSales: { count: 1, amount: 120 },
        costOfGoods: 11000,
      },
    });
  });

  it('Profit & Loss: the same rows, and the statement', async () => {
    const r = await report(`type=profit_loss&${CUSTOM}`);
    expect(r.totals).toEqual({ sales: 12620, expenses: 300, profit: 1320 });
    expect(r.details).toEqual({
      kind: 'profit_loss',
      revenue: 12620,
      costOfGoods: 11000,
      grossProfit: 1620,
      expenses: 300,
      netProfit: 1320,
    });
  });

  it('Purchases: stock bought counts with the expenses as money out', async () => {
    const r = await report(`type=purchases&${CUSTOM}`);
    expect(r.rows).toEqual([
      { date: '2026-02-10', sales: 10120, expenses: 300, profit: 9820 },
      zero('2026-02-11'),
      { date: '2026-02-12', sales: 2500, expenses: 3000, profit: -500 },
    ]);
    expect(r.totals).toEqual({ sales: 12620, expenses: 3300, profit: 9320 });
    expect(r.details).toEqual({
      kind: 'purchases',
      itemsBought: { count: 1, amount: 3000 },
      expenses: { count: 1, amount: 300 },
    });
  });

  it('Purchases by month: items grouped by the month they were bought in', async () => {
    const r = await report('type=purchases&range=monthly');
    const byMonth = Object.fromEntries(r.rows.map((x: { date: string }) => [x.date, x]));
    // Feb: A 8000 + B 1500.50 + D 3000 bought, 319.99 spent; sales 12700.40.
    expect(byMonth['2026-02-01']).toEqual({
      date: '2026-02-01',
      sales: 12700.4,
      expenses: 12820.49,
      profit: -120.09,
    });
    expect(byMonth['2026-01-01']).toEqual({ date: '2026-01-01', sales: 0, expenses: 200, profit: -200 });
  });

  it('Stock Summary: the margin on stock items sold, and the stock on hand now', async () => {
    const r = await report(`type=stock_summary&${CUSTOM}`);
    expect(r.rows).toEqual([
      { date: '2026-02-10', sales: 10000, expenses: 8000, profit: 2000 },
      zero('2026-02-11'),
      { date: '2026-02-12', sales: 2500, expenses: 3000, profit: -500 },
    ]);
    expect(r.totals).toEqual({ sales: 12500, expenses: 11000, profit: 1500 });
    expect(r.details).toEqual({
      kind: 'stock_summary',
      sold: { count: 2, amount: 12500 },
      inStock: { count: 2, amount: 1700.5 },
      byStockType: {
        Watches: { count: 0, amount: 0 },
        Jewellery: { count: 1, amount: 1500.5 },
        Accessories: { count: 1, amount: 200 },
      },
    });
  });

  it('Sales by Payment Method: every method in the §9 order', async () => {
    const r = await report(`type=sales_by_method&${CUSTOM}`);
    expect(r.totals).toEqual({ sales: 12620, expenses: 300, profit: 1320 });
    expect(r.details.byMethod).toEqual([
      { method: 'Cash', count: 1, amount: 120 },
      { method: 'Bank Transfer', count: 1, amount: 2500 },
      { method: 'Credit Card', count: 1, amount: 10000 },
      { method: 'Debit Card', count: 0, amount: 0 },
      { method: 'PayPal', count: 0, amount: 0 },
      { method: 'Bitcoin', count: 0, amount: 0 },
      { method: 'Other', count: 0, amount: 0 },
    ]);
  });

  it("another shop's report sees none of it", async () => {
    const r = await report(`type=sales&${CUSTOM}`, 'rival');
    expect(r.totals).toEqual({ sales: 5000, expenses: 77, profit: 4923 });
  });
});

describe('client reports', () => {
  it('Client Balances: every client by name with the balance; debtors and creditors', async () => {
    await client('Zed', '-250.00');
    await client('alice', '100.00');
    await client('Bob', '0');
    await client('Rival client', '-9999', 'other');
    const r = await report('type=client_balances&range=monthly');
    expect(r.details).toEqual({
      kind: 'client_balances',
      clients: [
        expect.objectContaining({ name: 'alice', balance: 100, status: 'active' }),
        expect.objectContaining({ name: 'Bob', balance: 0 }),
        expect.objectContaining({ name: 'Zed', balance: -250, email: 'zed@example.com' }),
      ],
      clientCount: 3,
      debtors: { count: 1, amount: 250 },
      creditors: { count: 1, amount: 100 },
    });
  });

  it('Client Report: clients with sales or ledger entries in the range or an item out on approval', async () => {
    const alice = await client('alice', '100.00');
    const bob = await client('Bob');
    const zed = await client('Zed', '-250.00');
    await client('Carol');
    await sale({ day: '2026-02-10', gbp: '120.00', clientId: alice });
    await sale({ day: '2026-01-10', gbp: '999.00', clientId: bob }); // outside the range
    await state.db.query(
      `INSERT INTO client_ledger (shop_id, client_id, amount, currency, exchange_rate, amount_gbp, method, entry_date, created_at)
       VALUES ($1, $2, -250, 'GBP', 1, -250, 'Cash', '2026-02-11', now()), ($1, $2, 40.5, 'GBP', 1, 40.5, 'Cash', '2026-02-12', now())`,
      [state.fx.shopId, zed],
    );
    const out = await item({ stockType: 'Jewellery', status: 'checked_out' });
    await state.db.query(
      `INSERT INTO checkouts (shop_id, item_id, client_id, checked_out_at) VALUES ($1, $2, $3, now())`,
      [state.fx.shopId, out, bob],
    );
    const r = await report(`type=client_report&${CUSTOM}`);
    expect(r.details).toEqual({
      kind: 'client_report',
      clientCount: 3,
      clients: [
        expect.objectContaining({
          clientId: alice,
          sales: { count: 1, amount: 120 },
          ledgerNet: 0,
          checkedOut: 0,
        }),
        expect.objectContaining({
          clientId: bob,
          sales: { count: 0, amount: 0 },
          ledgerNet: 0,
          checkedOut: 1,
        }),
        expect.objectContaining({
          clientId: zed,
          balance: -250,
          sales: { count: 0, amount: 0 },
          ledgerNet: -209.5,
        }),
      ],
    });
    expect(r.totals).toEqual({ sales: 120, expenses: 0, profit: 120 });
  });
});

describe('the day sums behind the reports (migration 006 triggers)', () => {
  // afterEach (setup.ts) compares every kept sum with the sales and expenses, whatever the test did.
  it('follow updates and deletes of sales and expenses, in one statement or many', async () => {
    const watch = await item({ price: '700' });
    const sold = await sale({ day: '2026-02-10', gbp: '1000.00', itemId: watch, cost: '700' });
    const quick = await sale({ day: '2026-02-10', gbp: '30.00' });
    const bill = await expense({ day: '2026-02-10', gbp: '12.50' });
    await sale({ day: '2026-02-11', gbp: '5.00', method: 'PayPal' });
    // A sale moved to another day and method, an expense repriced, a quick sale removed.
    await state.db.query(
      `UPDATE sales SET sale_date = '2026-02-12', payment_method = 'Debit Card', amount_gbp = 990 WHERE id = $1`,
      [sold],
    );
    await state.db.query(`UPDATE expenses SET amount_gbp = 13.75 WHERE id = $1`, [bill]);
    await state.db.query(`DELETE FROM sales WHERE id = $1`, [quick]);
    // Deleting the stock item leaves its sale without one: from then on it is counted as a quick sale.
    // Its purchase document first (Add Item records one, issue 22): its lines hold the item.
    await state.db.query(
      `DELETE FROM purchases WHERE id IN (SELECT purchase_id FROM purchase_lines WHERE item_id = $1)`,
      [watch],
    );
    await state.db.query(`DELETE FROM items WHERE id = $1`, [watch]);
    const r = await report(`type=sales&${CUSTOM}`);
    expect(r.rows).toEqual([
      { date: '2026-02-10', sales: 0, expenses: 13.75, profit: -13.75 },
      { date: '2026-02-11', sales: 5, expenses: 0, profit: 5 },
      { date: '2026-02-12', sales: 990, expenses: 0, profit: 290 },
    ]);
    expect(r.details).toMatchObject({ quickSales: { count: 2, amount: 995 }, itemSales: { count: 0 } });
    // Many rows in one statement, including a no-op update.
    await state.db.query(`UPDATE sales SET notes = 'checked'`);
    await state.db.query(`DELETE FROM expenses`);
    expect((await report(`type=sales&${CUSTOM}`)).totals).toEqual({ sales: 995, expenses: 0, profit: 295 });
  });

  it('let a whole shop be deleted with its records', async () => {
    await sale({ day: '2026-02-10', gbp: '10.00', shop: 'other' });
    await expense({ day: '2026-02-10', gbp: '1.00', shop: 'other' });
    await sale({ day: '2026-02-10', gbp: '20.00' });
    await state.db.query('DELETE FROM shops WHERE id = $1', [state.fx.otherShopId]);
    const left = await state.db.query<{ shop_id: number }>('SELECT DISTINCT shop_id FROM finance_days');
    expect(left).toEqual([{ shop_id: state.fx.shopId }]);
    expect((await report(`type=sales&${CUSTOM}`)).totals.sales).toBe(20);
  });
});

describe('ranges in the shop’s calendar', () => {
  it('Daily: the last 7 days up to today, empty days included', async () => {
    // 2026-03-01 09:00 UTC (the default clock) is a Sunday in London.
    await sale({ day: '2026-02-22', gbp: '999.00' }); // the 8th day back: outside
    await sale({ day: '2026-02-23', gbp: '50.25' });
    await expense({ day: '2026-02-23', gbp: '20.10' });
    await expense({ day: '2026-03-01', gbp: '5.00' });
    const r = await report('type=sales&range=daily');
    expect(r.from).toBe('2026-02-23');
    expect(r.to).toBe('2026-03-01');
    expect(r.rows).toEqual([
      { date: '2026-02-23', sales: 50.25, expenses: 20.1, profit: 30.15 },
      zero('2026-02-24'),
      zero('2026-02-25'),
      zero('2026-02-26'),
      zero('2026-02-27'),
      zero('2026-02-28'),
      { date: '2026-03-01', sales: 0, expenses: 5, profit: -5 },
    ]);
    expect(r.totals).toEqual({ sales: 50.25, expenses: 25.1, profit: 25.15 });
  });

  it('Weekly: 8 ISO weeks, Monday to Sunday, the current one last', async () => {
    await sale({ day: '2026-01-04', gbp: '1.00' }); // Sunday before the first week: outside
    await sale({ day: '2026-01-05', gbp: '2.00' }); // Monday of the first week
    await sale({ day: '2026-02-22', gbp: '4.00' }); // Sunday: week of 02-16
    await sale({ day: '2026-02-23', gbp: '8.00' }); // Monday: this week
    await sale({ day: '2026-03-01', gbp: '16.00' }); // today, Sunday: this week
    let r = await report('type=sales&range=weekly');
    expect(r.from).toBe('2026-01-05');
    expect(r.rows.map((x: { date: string; sales: number }) => [x.date, x.sales])).toEqual([
      ['2026-01-05', 2],
      ['2026-01-12', 0],
      ['2026-01-19', 0],
      ['2026-01-26', 0],
      ['2026-02-02', 0],
      ['2026-02-09', 0],
      ['2026-02-16', 4],
      ['2026-02-23', 24],
    ]);
    // 00:30 on Monday 2 March in London: a new week has begun and the oldest one has gone.
    at('2026-03-02T00:30:00Z');
    r = await report('type=sales&range=weekly');
    expect(r.from).toBe('2026-01-12');
    expect(r.rows[0]).toEqual(zero('2026-01-12'));
    expect(r.rows[7]).toEqual(zero('2026-03-02'));
    expect(r.totals.sales).toBe(28);
  });

  it('Monthly: 12 calendar months, the current one last', async () => {
    await sale({ day: '2025-03-31', gbp: '1.00' });
    await sale({ day: '2025-04-01', gbp: '2.00' });
    await sale({ day: '2026-02-28', gbp: '4.00' });
    await sale({ day: '2026-03-01', gbp: '8.00' });
    const r = await report('type=sales&range=monthly');
    expect(r.from).toBe('2025-04-01');
    expect(r.to).toBe('2026-03-01');
    expect(r.rows).toHaveLength(12);
    expect(r.rows[0]).toEqual({ date: '2025-04-01', sales: 2, expenses: 0, profit: 2 });
    expect(r.rows[10]).toEqual({ date: '2026-02-01', sales: 4, expenses: 0, profit: 4 });
    expect(r.rows[11]).toEqual({ date: '2026-03-01', sales: 8, expenses: 0, profit: 8 });
    expect(r.totals.sales).toBe(14);
  });

  it('today is the London day: BST evenings belong to tomorrow, the spring change is seamless', async () => {
    at('2026-07-14T23:30:00Z'); // 00:30 BST on the 15th
    expect((await report('type=sales&range=daily')).to).toBe('2026-07-15');
    at('2026-03-29T00:30:00Z'); // the night the clocks go forward (01:00 UTC): still GMT, the 29th
    let r = await report('type=sales&range=daily');
    expect([r.from, r.to]).toEqual(['2026-03-23', '2026-03-29']);
    expect(r.rows).toHaveLength(7);
    at('2026-03-29T23:30:00Z'); // 00:30 BST on the 30th
    r = await report('type=sales&range=weekly');
    expect(r.rows[7].date).toBe('2026-03-30');
    at('2026-10-25T23:30:00Z'); // after the autumn change: GMT again, still the 25th
    expect((await report('type=sales&range=daily')).to).toBe('2026-10-25');
  });

  it("follows the shop's own time zone", async () => {
    await state.db.query(`UPDATE shops SET timezone = 'America/New_York' WHERE id = $1`, [state.fx.shopId]);
    at('2026-03-01T03:00:00Z'); // 22:00 on 28 February in New York
    expect((await report('type=sales&range=daily')).to).toBe('2026-02-28');
    expect((await report('type=sales&range=daily', 'rival')).to).toBe('2026-03-01');
  });

  it('Custom: one row per day, both ends included, at most 366 days', async () => {
    await sale({ day: '2025-01-01', gbp: '1.00' });
    await sale({ day: '2026-01-01', gbp: '2.00' });
    const r = await report('type=sales&range=custom&from=2025-01-01&to=2026-01-01');
    expect(r.rows).toHaveLength(366);
    expect(r.totals.sales).toBe(3);
    const one = await report('type=sales&range=custom&from=2026-01-01&to=2026-01-01');
    expect(one.rows).toEqual([{ date: '2026-01-01', sales: 2, expenses: 0, profit: 2 }]);
    // from/to mean nothing to the other ranges.
    expect((await report('type=sales&range=daily&from=2020-01-01&to=2020-01-02')).from).toBe('2026-02-23');
  });
});

describe('bad queries are 400s, never 500s', () => {
  it.each([
    ['', { type: ['This field is required.'], range: ['This field is required.'] }],
    ['type=sales', { range: ['This field is required.'] }],
    ['type=yearly&range=daily', { type: ['"yearly" is not a valid choice.'] }],
    ['type=sales&range=yearly', { range: ['"yearly" is not a valid choice.'] }],
    ['type=sales&range=custom', { from: ['This field is required.'], to: ['This field is required.'] }],
    [
      'type=sales&range=custom&from=2026-02-30&to=x',
      {
        from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
        to: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      },
    ],
    ['type=sales&range=custom&from=2026-02-02&to=2026-02-01', { to: ['Ensure To is on or after From.'] }],
    [
      'type=sales&range=custom&from=2025-01-01&to=2026-01-02',
      { to: ['A custom range covers at most 366 days.'] },
    ],
  ])('%s', async (query, errors) => {
    const gold = await as('gold');
    for (const path of [paths.reports, paths.reportsCsv]) {
      const res = await gold.get(`${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });

  it('unknown parameters, anonymous callers and callers without a shop', async () => {
    const gold = await as('gold');
    expect((await gold.get(`${paths.reports}?type=sales&range=daily&shop=2`)).statusCode).toBe(400);
    for (const path of [paths.reports, paths.reportsCsv]) {
      expect((await (await as('anonymous')).get(`${path}?type=sales&range=daily`)).statusCode).toBe(401);
      expect((await (await as('loner')).get(`${path}?type=sales&range=daily`)).statusCode).toBe(403);
    }
  });
});
