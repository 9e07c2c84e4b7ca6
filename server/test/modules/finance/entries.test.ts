import { paths } from '@loupe/contracts';
import { financeTestbed } from './setup';

const { state, as, at, sale, expense } = financeTestbed();

const counts = async () =>
  (
    await state.db.query<{ expenses: number; sales: number; audit: number }>(
      `SELECT (SELECT count(*)::int FROM expenses) AS expenses, (SELECT count(*)::int FROM sales) AS sales,
              (SELECT count(*)::int FROM audit_log WHERE entity <> 'session') AS audit`,
    )
  )[0];

describe.each([
  { path: paths.expenses, dateKey: 'expense_date', entity: 'expense' },
  { path: paths.quickSales, dateKey: 'sale_date', entity: 'sale' },
])('$path', ({ path, dateKey, entity }) => {
  it('saves with the §9 defaults: GBP, rate 1, Cash, today in London; audited in the same transaction', async () => {
    // 23:30 UTC on a summer day is already the next day in London.
    at('2026-07-14T23:30:00Z');
    const gold = await as('gold');
    const res = await gold.post(path, { name: '  Window cleaning ', amount: '45.5' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Window cleaning',
      amount: 45.5,
      currency: 'GBP',
      exchangeRate: 1,
      amountGbp: 45.5,
      payment_method: 'Cash',
      notes: '',
      [dateKey]: '2026-07-15',
      voided: null,
      reversalOf: null,
      // A quick sale names its buyer (none here) and carries the invoice issued with it (issue 13).
      ...(entity === 'sale'
        ? {
            clientId: null,
            clientName: null,
            buyerName: '',
            invoice: { id: expect.any(Number), reference: 'INV-000001' },
          }
        : {}),
    });
    const audit = await state.db.query<{
      entity: string;
      entity_id: string;
      action: string;
      user_id: number;
    }>("SELECT entity, entity_id::text, action, user_id FROM audit_log WHERE entity <> 'session'");
    expect(audit).toEqual([
      { entity, entity_id: String(body.id), action: 'create', user_id: state.fx.ids.gold },
    ]);
  });

  it('converts at the rate given, exactly: BTC with 8 decimals, halves rounded away from zero', async () => {
    const silver = await as('silver');
    const btc = await silver.post(path, {
      name: 'Strap supplier',
      amount: '0.12345678',
      currency: 'BTC',
      exchangeRate: '51234.5',
      payment_method: 'Bitcoin',
      notes: 'paid on chain',
      date: '2026-02-27',
    });
    expect(btc.statusCode).toBe(201);
    // 0.12345678 × 51234.5 = 6325.24639491 → 6325.25
    expect(btc.json()).toMatchObject({
      amount: 0.12345678,
      currency: 'BTC',
      exchangeRate: 51234.5,
      amountGbp: 6325.25,
      payment_method: 'Bitcoin',
      notes: 'paid on chain',
      [dateKey]: '2026-02-27',
    });
    // 10.01 × 1.5 = 15.015 exactly: a float gives 15.014999..., numeric rounds the half up.
    const usd = await silver.post(path, {
      name: 'Courier',
      amount: 10.01,
      currency: 'USD',
      exchangeRate: 1.5,
    });
    expect(usd.json().amountGbp).toBe(15.02);
  });

  it('reads back the largest bitcoin amount and rate exactly (15 significant digits)', async () => {
    const gold = await as('gold');
    const btc = await gold.post(path, {
      name: 'Vault',
      amount: '9999999.99999999',
      currency: 'BTC',
      exchangeRate: '0.00000001',
    });
    expect(btc.statusCode).toBe(201);
    // 9999999.99999999 × 0.00000001 = 0.0999999999999999 → 0.10
    expect(btc.json()).toMatchObject({ amount: 9999999.99999999, exchangeRate: 0.00000001, amountGbp: 0.1 });
    const usd = await gold.post(path, {
      name: 'Rate at the limit',
      amount: '1.01',
      currency: 'USD',
      exchangeRate: '9999999.99999999',
      // Not cash: a walk-in's cash of €10,000 or more is refused (the AML guard, issue 13).
      payment_method: 'Bank Transfer',
    });
    // 1.01 × 9999999.99999999 = 10099999.9999999899 → 10100000.00
    expect(usd.json()).toMatchObject({ exchangeRate: 9999999.99999999, amountGbp: 10100000 });
    const listed = (await gold.get(path)).json().results;
    expect(listed.map((e: { amount: number }) => e.amount)).toEqual([1.01, 9999999.99999999]);
  });

  it('0.10 + 0.20 is 0.30 in the reports', async () => {
    const gold = await as('gold');
    await gold.post(path, { name: 'a', amount: 0.1 });
    await gold.post(path, { name: 'b', amount: '0.20' });
    const report = (await gold.get(`${paths.reports}?type=profit_loss&range=daily`)).json();
    const today = report.rows[report.rows.length - 1];
    expect(entity === 'expense' ? today.expenses : today.sales).toBe(0.3);
    expect(String(entity === 'expense' ? report.totals.expenses : report.totals.sales)).toBe('0.3');
  });

  it('reads the amount as every screen shows it (the one amount rule): "10,500", "£10,500.00", "10500"', async () => {
    const gold = await as('gold');
    for (const amount of ['10,500', '£10,500.00', '10500']) {
      // Not cash: a quick sale of £10,500 in cash is the AML guard's to refuse (issue 13).
      const res = await gold.post(path, { name: 'Strap', amount, payment_method: 'Bank Transfer' });
      expect([amount, res.statusCode, res.json().amountGbp]).toEqual([amount, 201, 10500]);
    }
    const euros = await gold.post(path, {
      name: 'Strap',
      amount: '€1,234.56',
      currency: 'EUR',
      exchangeRate: '0.85',
      payment_method: 'Bank Transfer',
    });
    expect(euros.json()).toMatchObject({ amount: 1234.56, amountGbp: 1049.38 });
  });

  it.each([
    [{}, { name: ['This field is required.'], amount: ['This field is required.'] }],
    [{ name: '   ', amount: 5 }, { name: ['This field may not be blank.'] }],
    [{ name: 'x', amount: '' }, { amount: ['This field is required.'] }],
    [{ name: 'x', amount: 0 }, { amount: ['Ensure this value is greater than 0.'] }],
    [{ name: 'x', amount: '-3' }, { amount: ['Ensure this value is greater than 0.'] }],
    [{ name: 'x', amount: -0.01 }, { amount: ['Ensure this value is greater than 0.'] }],
    [{ name: 'x', amount: '1.005' }, { amount: ['Ensure that there are no more than 2 decimal places.'] }],
    [{ name: 'x', amount: 'ten' }, { amount: ['A valid number is required.'] }],
    [{ name: 'x', amount: '1e3' }, { amount: ['A valid number is required.'] }],
    [{ name: 'x', amount: '10,50' }, { amount: ['A valid number is required.'] }],
    [{ name: 'x', amount: '$10,500' }, { amount: ['A valid number is required.'] }],
    [
      { name: 'x', amount: 1, currency: 'USD' },
      { exchangeRate: ['An exchange rate (GBP per USD) is required for USD.'] },
    ],
    [{ name: 'x', amount: 1, exchangeRate: 2 }, { exchangeRate: ['Must be 1 for GBP.'] }],
    [{ name: 'x', amount: 1, currency: 'JPY' }, { currency: ['"JPY" is not a valid choice.'] }],
    [
      { name: 'x', amount: 1, payment_method: 'Cheque' },
      { payment_method: ['"Cheque" is not a valid choice.'] },
    ],
    [
      { name: 'x', amount: 1, date: '2026-02-30' },
      { date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
    ],
    [{ name: 'x', amount: 1, date: '2026-03-02' }, { date: ['Ensure this date is not in the future.'] }],
    [{ name: 'x'.repeat(201), amount: 1 }, { name: ['Ensure this field has no more than 200 characters.'] }],
    // Bitcoin amounts and rates have 8 decimals, so 7 whole digits keep them within a JSON number's 15.
    [
      { name: 'x', amount: '12345678.00000001', currency: 'BTC', exchangeRate: 1 },
      { amount: ['Ensure that there are no more than 7 digits before the decimal point.'] },
    ],
    [
      { name: 'x', amount: '1', currency: 'USD', exchangeRate: '12345678.5' },
      { exchangeRate: ['Ensure that there are no more than 7 digits before the decimal point.'] },
    ],
    [
      { name: 'x', amount: '1', currency: 'BTC', exchangeRate: '0.000000001' },
      { exchangeRate: ['Ensure that there are no more than 8 decimal places.'] },
    ],
    [
      { name: 'x', amount: '999999999999', currency: 'USD', exchangeRate: '2' },
      { amount: ['Ensure the amount in GBP has no more than 12 digits before the decimal point.'] },
    ],
  ])('refuses %j with %j and writes nothing', async (body, errors) => {
    const gold = await as('gold');
    const before = await counts();
    const res = await gold.post(path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(await counts()).toEqual(before);
  });

  it('refuses unknown fields and wrong JSON types with 400, never 500', async () => {
    const gold = await as('gold');
    for (const body of [
      { name: 'x', amount: 1, expense_date: '2026-01-01' },
      { name: 5, amount: 1 },
      { name: 'x', amount: true },
      { name: 'x', amount: 1, notes: null },
    ]) {
      expect((await gold.post(path, body)).statusCode).toBe(400);
    }
    expect(
      (await gold.send('POST', path, { body: 'not json', headers: { 'content-type': 'application/json' } }))
        .statusCode,
    ).toBe(400);
    expect(await counts()).toMatchObject({ audit: 0 });
  });

  it('is for signed-in members only: anonymous 401, no shop 403, no CSRF 403', async () => {
    expect((await (await as('anonymous')).get(path)).statusCode).toBe(401);
    expect((await (await as('anonymous')).post(path, { name: 'x', amount: 1 })).statusCode).toBe(401);
    expect((await (await as('loner')).get(path)).statusCode).toBe(403);
    const gold = await as('gold');
    expect((await gold.post(path, { name: 'x', amount: 1 }, { noCsrf: true })).statusCode).toBe(403);
    expect(await counts()).toMatchObject({ expenses: 0, sales: 0 });
  });
});

describe('lists', () => {
  const seed = async () => {
    // 13 expenses and 13 quick sales over Jan–Feb 2026, plus an item sale and another shop's records.
    for (let i = 1; i <= 13; i += 1) {
      const day = `2026-0${i <= 6 ? 1 : 2}-${String(i * 2).padStart(2, '0')}`;
      await expense({ day, gbp: `${i}.00`, name: `Expense ${i}` });
      await sale({ day, gbp: `${i}.50`, name: `Quick ${i}` });
    }
    await sale({ day: '2026-02-10', gbp: '999.00', itemId: undefined, shop: 'other', name: 'Rival quick' });
    await expense({ day: '2026-02-10', gbp: '999.00', shop: 'other', name: 'Rival expense' });
  };

  it('pages newest first, 10 by default, DRF errors for bad pages', async () => {
    await seed();
    const gold = await as('gold');
    const first = (await gold.get(paths.expenses)).json();
    expect(first.count).toBe(13);
    expect(first.results).toHaveLength(10);
    expect(first.results.map((e: { name: string }) => e.name).slice(0, 3)).toEqual([
      'Expense 13',
      'Expense 12',
      'Expense 11',
    ]);
    const second = (await gold.get(`${paths.expenses}?page=2`)).json();
    expect(second.results.map((e: { name: string }) => e.name)).toEqual([
      'Expense 3',
      'Expense 2',
      'Expense 1',
    ]);
    expect((await gold.get(`${paths.expenses}?page=3`)).json()).toEqual({ detail: 'Invalid page.' });
    expect((await gold.get(`${paths.expenses}?page=0`)).statusCode).toBe(404);
    expect((await gold.get(`${paths.expenses}?page_size=25`)).json().results).toHaveLength(13);
    expect((await gold.get(`${paths.expenses}?page_size=7`)).json()).toEqual({
      page_size: ['Select a valid choice. 7 is not one of the available choices.'],
    });
    expect((await gold.get(`${paths.expenses}?colour=red`)).statusCode).toBe(400);
  });

  it('filters by an inclusive day range', async () => {
    await seed();
    const gold = await as('gold');
    // Quick sales on 2026-01-10 (i=5), 01-12 (i=6), 02-14 (i=7): both ends included.
    const q = (await gold.get(`${paths.quickSales}?date_from=2026-01-10&date_to=2026-02-14`)).json();
    expect(q.count).toBe(3);
    expect(q.results.map((s: { sale_date: string; amount: number }) => [s.sale_date, s.amount])).toEqual([
      ['2026-02-14', 7.5],
      ['2026-01-12', 6.5],
      ['2026-01-10', 5.5],
    ]);
    expect((await gold.get(`${paths.expenses}?date_from=2026-02-20`)).json().count).toBe(4);
    expect((await gold.get(`${paths.expenses}?date_to=2026-01-02`)).json().count).toBe(1);
    expect((await gold.get(`${paths.expenses}?date_from=2026-03-01`)).json()).toEqual({
      results: [],
      count: 0,
    });
    expect((await gold.get(`${paths.expenses}?date_from=2026-02-01&date_to=2026-01-01`)).json()).toEqual({
      date_to: ['Ensure this date is not before date_from.'],
    });
    expect((await gold.get(`${paths.expenses}?date_from=yesterday`)).json()).toEqual({
      date_from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
  });

  it('shows each shop only its own entries; quick sales leave out stock item sales', async () => {
    await seed();
    const rows = await state.db.query<{ id: number }>(
      `INSERT INTO items (shop_id, serial, stock_type, purchase_price, purchased_on, created_at, updated_at)
       VALUES ($1, 'S1', 'Watches', 100, '2026-01-01', now(), now()) RETURNING id`,
      [state.fx.shopId],
    );
    await sale({ day: '2026-02-27', gbp: '500.00', itemId: (rows[0] as { id: number }).id, cost: '100' });
    const rival = await as('rival');
    const theirs = (await rival.get(paths.quickSales)).json();
    expect(theirs.results.map((s: { name: string }) => s.name)).toEqual(['Rival quick']);
    expect((await rival.get(paths.expenses)).json().count).toBe(1);
    const ours = (await (await as('silver')).get(`${paths.quickSales}?page_size=100`)).json();
    expect(ours.count).toBe(13);
    expect(ours.results.some((s: { name: string }) => s.name === 'Sale')).toBe(false);
  });
});
