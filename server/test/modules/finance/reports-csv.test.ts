import { paths } from '@loupe/contracts';
import { CSV_BATCH } from '../../../src/modules/finance/routes/reports';
import { financeTestbed, parseCsv } from './setup';

const { state, as, item, sale, expense, client } = financeTestbed();

/** The CSV's tables: the blank lines between them split it. */
function tables(text: string): string[][][] {
  const out: string[][][] = [[]];
  for (const record of parseCsv(text)) {
    if (record.length === 1 && record[0] === '') out.push([]);
    else (out[out.length - 1] as string[][]).push(record);
  }
  return out;
}

const csv = async (query: string) => {
  const res = await (await as('gold')).get(`${paths.reportsCsv}?${query}`);
  expect(res.statusCode).toBe(200);
  return res;
};
const json = async (query: string) => (await (await as('gold')).get(`${paths.reports}?${query}`)).json();

const AWKWARD = [
  'Lunch, with "the team"',
  'Two\nlines',
  '=HYPERLINK("http://evil.example","click")',
  '+44 20 7946 0000',
  '-2 watch straps',
  '@SUM(A1:A9)',
  '\tTabbed',
  'Panthère à Genève ✓',
];

describe('CSV download', () => {
  it('is a UTF-8 attachment named after the report, and its summary equals the JSON rows', async () => {
    await sale({ day: '2026-02-10', gbp: '0.10' });
    await sale({ day: '2026-02-10', gbp: '0.20' });
    await expense({ day: '2026-02-11', gbp: '1.00' });
    const query = 'type=profit_loss&range=custom&from=2026-02-09&to=2026-02-11';
    const res = await csv(query);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="loupe-profit-loss-2026-02-09-2026-02-11.csv"',
    );
    expect(res.body.endsWith('\r\n')).toBe(true);
    const [summary] = tables(res.body);
    expect(summary).toEqual([
      ['Date', 'Sales', 'Expenses', 'Profit'],
      ['2026-02-09', '0.00', '0.00', '0.00'],
      ['2026-02-10', '0.30', '0.00', '0.30'],
      ['2026-02-11', '0.00', '1.00', '-1.00'],
      ['Total', '0.30', '1.00', '-0.70'],
    ]);
    const report = await json(query);
    expect((summary as string[][]).slice(1, -1)).toEqual(
      report.rows.map((r: { date: string; sales: number; expenses: number; profit: number }) => [
        r.date,
        r.sales.toFixed(2),
        r.expenses.toFixed(2),
        r.profit.toFixed(2),
      ]),
    );
  });

  it('quotes commas, quotes and newlines and defuses formulas in names (RFC 4180)', async () => {
    for (const [i, name] of AWKWARD.entries()) await expense({ day: '2026-02-10', gbp: `${i + 1}.00`, name });
    const res = await csv('type=profit_loss&range=custom&from=2026-02-10&to=2026-02-10');
    expect(res.body).toContain('"Lunch, with ""the team"""');
    expect(res.body).toContain('"Two\nlines"');
    const [, entries] = tables(res.body);
    expect((entries as string[][])[0]).toEqual([
      'Date',
      'Entry',
      'Name',
      'Payment Method',
      'Currency',
      'Amount',
      'Exchange Rate',
      'GBP',
      'Cost GBP',
    ]);
    expect((entries as string[][]).slice(1).map((r) => r[2])).toEqual([
      'Lunch, with "the team"',
      'Two\nlines',
      '\'=HYPERLINK("http://evil.example","click")',
      "'+44 20 7946 0000",
      "'-2 watch straps",
      "'@SUM(A1:A9)",
      "'\tTabbed",
      'Panthère à Genève ✓',
    ]);
    expect((entries as string[][])[1]).toEqual([
      '2026-02-10',
      'Expense',
      'Lunch, with "the team"',
      'Cash',
      'GBP',
      '1.00',
      '1',
      '1.00',
      '',
    ]);
  });

  it('lists the entries behind each type in day order, sales before expenses before purchases', async () => {
    const rolex = await item({
      brand: 'Rolex',
      model: 'Daytona',
      serial: 'D-1',
      price: '20000',
      purchasedOn: '2026-02-10',
      status: 'sold',
    });
    await sale({
      day: '2026-02-11',
      gbp: '25000.00',
      itemId: rolex,
      cost: '20000',
      method: 'Bank Transfer',
      name: 'Rolex Daytona D-1',
    });
    await sale({ day: '2026-02-10', gbp: '45.00', name: 'Battery change' });
    await expense({ day: '2026-02-10', gbp: '12.00', name: 'Coffee' });
    await state.db.query(
      `INSERT INTO sales (shop_id, name, amount, currency, exchange_rate, amount_gbp, payment_method, sale_date, created_at)
       VALUES ($1, 'Strap (BTC)', 0.00123456, 'BTC', 50000, 61.73, 'Bitcoin', '2026-02-11', now())`,
      [state.fx.shopId],
    );
    const q = 'range=custom&from=2026-02-10&to=2026-02-11';
    const entries = async (type: string) =>
      (tables((await csv(`type=${type}&${q}`)).body).at(-1) as string[][]).slice(1);
    expect(await entries('profit_loss')).toEqual([
      ['2026-02-10', 'Quick Sale', 'Battery change', 'Cash', 'GBP', '45.00', '1', '45.00', ''],
      ['2026-02-10', 'Expense', 'Coffee', 'Cash', 'GBP', '12.00', '1', '12.00', ''],
      [
        '2026-02-11',
        'Sale',
        'Rolex Daytona D-1',
        'Bank Transfer',
        'GBP',
        '25000.00',
        '1',
        '25000.00',
        '20000.00',
      ],
      ['2026-02-11', 'Quick Sale', 'Strap (BTC)', 'Bitcoin', 'BTC', '0.00123456', '50000', '61.73', ''],
    ]);
    expect((await entries('purchases')).map((r) => [r[0], r[1], r[2], r[7]])).toEqual([
      ['2026-02-10', 'Expense', 'Coffee', '12.00'],
      ['2026-02-10', 'Purchase', 'Rolex Daytona D-1', '20000.00'],
    ]);
    expect((await entries('stock_summary')).map((r) => r[2])).toEqual(['Rolex Daytona D-1']);
    expect((await entries('sales')).map((r) => r[2])).toEqual([
      'Battery change',
      'Rolex Daytona D-1',
      'Strap (BTC)',
    ]);

    const byMethod = tables((await csv(`type=sales_by_method&${q}`)).body)[1] as string[][];
    expect(byMethod).toEqual([
      ['Payment Method', 'Count', 'Sales'],
      ['Cash', '1', '45.00'],
      ['Bank Transfer', '1', '25000.00'],
      ['Credit Card', '0', '0.00'],
      ['Debit Card', '0', '0.00'],
      ['PayPal', '0', '0.00'],
      ['Bitcoin', '1', '61.73'],
      ['Other', '0', '0.00'],
    ]);
    await item({ stockType: 'Jewellery', price: '99.99' });
    const stock = tables((await csv(`type=stock_summary&${q}`)).body)[1] as string[][];
    expect(stock).toEqual([
      ['Stock Type', 'In Stock', 'Value'],
      ['Jewellery', '1', '99.99'],
      ['Total', '1', '99.99'],
    ]);
  });

  it('streams thousands of entries in batches without losing or repeating one', async () => {
    const n = CSV_BATCH * 2 + 17;
    // Most on one day, from three sources, so that pages break inside a day and inside a source.
    await state.db.query(
      `INSERT INTO expenses (shop_id, name, amount, amount_gbp, payment_method, expense_date, created_at)
       SELECT $1, 'E' || g, 1, 1, 'Cash', DATE '2026-02-10' + (g % 3), now() FROM generate_series(1, $2::int) g`,
      [state.fx.shopId, n],
    );
    await state.db.query(
      `INSERT INTO sales (shop_id, name, amount, amount_gbp, payment_method, sale_date, created_at)
       SELECT $1, 'S' || g, 2, 2, 'Cash', DATE '2026-02-10' + (g % 2), now() FROM generate_series(1, $2::int) g`,
      [state.fx.shopId, CSV_BATCH + 1],
    );
    const res = await csv('type=profit_loss&range=custom&from=2026-02-10&to=2026-02-12');
    const [summary, entries] = tables(res.body) as string[][][];
    expect((summary as string[][]).at(-1)).toEqual([
      'Total',
      String((CSV_BATCH + 1) * 2) + '.00',
      `${n}.00`,
      `${(CSV_BATCH + 1) * 2 - n}.00`,
    ]);
    const lines = (entries as string[][]).slice(1);
    expect(lines).toHaveLength(n + CSV_BATCH + 1);
    expect(new Set(lines.map((l) => l[2])).size).toBe(lines.length);
    const keys = lines.map((l) => `${l[0]}|${l[1] === 'Expense' ? 2 : 1}`);
    expect([...keys].sort()).toEqual(keys);
  });

  it('Client Balances and Client Report list every client, past the JSON limit, in name order', async () => {
    // Same names on purpose: the id breaks ties between pages.
    await state.db.query(
      `INSERT INTO clients (shop_id, name, email, balance, created_at, updated_at)
       SELECT $1, CASE WHEN g % 2 = 0 THEN 'Client' ELSE 'client' END, 'c' || g || '@example.com', g - 600, now(), now()
         FROM generate_series(1, 1203) g`,
      [state.fx.shopId],
    );
    const odd = await client('=cmd|" /C calc"!A0', '-1.50');
    const [, clients] = tables((await csv('type=client_balances&range=daily')).body) as string[][][];
    expect((clients as string[][])[0]).toEqual(['Client', 'Email', 'Status', 'Balance']);
    expect(clients).toHaveLength(1 + 1204);
    expect((clients as string[][])[1]).toEqual([
      '\'=cmd|" /C calc"!A0',
      'cmdccalca@example.com',
      'active',
      '-1.50',
    ]);
    expect(new Set((clients as string[][]).map((c) => c[1])).size).toBe(1205);
    expect((await json('type=client_balances&range=daily')).details.clients).toHaveLength(500);

    await sale({ day: '2026-03-01', gbp: '10.00', clientId: odd });
    const [summary, report] = tables((await csv('type=client_report&range=daily')).body) as string[][][];
    expect((summary as string[][]).at(-1)).toEqual(['Total', '10.00', '0.00', '10.00']);
    expect(report).toEqual([
      ['Client', 'Email', 'Status', 'Balance', 'Sales Count', 'Sales', 'Ledger Net', 'Checked Out'],
      ['\'=cmd|" /C calc"!A0', 'cmdccalca@example.com', 'active', '-1.50', '1', '10.00', '0.00', '0'],
    ]);
  });

  it("has only the caller's shop's records", async () => {
    await expense({ day: '2026-03-01', gbp: '5.00', name: 'Ours' });
    await expense({ day: '2026-03-01', gbp: '7.00', name: 'Theirs', shop: 'other' });
    const res = await (await as('rival')).get(`${paths.reportsCsv}?type=profit_loss&range=daily`);
    expect(res.body).toContain('Theirs');
    expect(res.body).not.toContain('Ours');
  });
});
