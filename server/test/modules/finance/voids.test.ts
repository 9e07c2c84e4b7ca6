import {
  ALREADY_VOIDED,
  REVERSAL_NOT_VOIDABLE,
  VOID_NOT_ALLOWED,
  VOID_REASON_REQUIRED,
  endpoints,
  pathOf,
  paths,
} from '@loupe/contracts';
import { financeTestbed, parseCsv } from './setup';

// The testbed's clock stands at 2026-03-01 09:00 UTC: "today" in London is 1 March. Its afterEach checks that
// finance_days still equals the sales and expenses, a reversal counting as minus one entry (010's triggers).
const { state, as, item, sale, expense, client } = financeTestbed();

const KINDS = [
  {
    noun: 'an expense',
    list: paths.expenses,
    voidPath: (id: number) => pathOf(endpoints.expenses.void, { id }),
    dateKey: 'expense_date',
    entity: 'expense',
    table: 'expenses',
    make: (day: string, gbp: string, shop: 'own' | 'other' = 'own') =>
      expense({ day, gbp, shop, name: 'Courier', method: 'Bank Transfer' }),
  },
  {
    noun: 'a quick sale',
    list: paths.quickSales,
    voidPath: (id: number) => pathOf(endpoints.quickSales.void, { id }),
    dateKey: 'sale_date',
    entity: 'sale',
    table: 'sales',
    make: (day: string, gbp: string, shop: 'own' | 'other' = 'own') =>
      sale({ day, gbp, shop, name: 'Strap', method: 'Bank Transfer' }),
  },
] as const;

const rowsOf = async (table: string) =>
  state.db.query<{ id: string; amount_gbp: string; reversal_of: string | null }>(
    `SELECT id::text, amount_gbp::text, reversal_of::text FROM ${table} ORDER BY id`,
  );

describe.each(KINDS)('voiding $noun', (kind) => {
  it('writes a reversal dated today with the opposite amount; the original stays, marked voided', async () => {
    const id = await kind.make('2026-02-27', '120.50');
    const gold = await as('gold');
    const res = await gold.post(kind.voidPath(id), { reason: '  Entered twice ' });
    expect(res.statusCode).toBe(200);
    const original = res.json();
    expect(original).toMatchObject({
      id,
      amount: 120.5,
      amountGbp: 120.5,
      [kind.dateKey]: '2026-02-27',
      reversalOf: null,
      voided: {
        at: '2026-03-01T09:00:00.000Z',
        by: 'gold',
        reason: 'Entered twice',
        reversalId: expect.any(Number),
      },
    });
    const reversalId = original.voided.reversalId as number;

    // The list: newest first, the reversal on the day of the void, the original on its own day, voided.
    const list = (await gold.get(kind.list)).json();
    expect(list.count).toBe(2);
    expect(list.results).toEqual([
      {
        id: reversalId,
        name: kind.table === 'expenses' ? 'Courier' : 'Strap',
        amount: -120.5,
        currency: 'GBP',
        exchangeRate: 1,
        amountGbp: -120.5,
        payment_method: 'Bank Transfer',
        notes: `Void of #${id}: Entered twice`,
        [kind.dateKey]: '2026-03-01',
        voided: null,
        reversalOf: id,
        // A quick sale's buyer and invoice (issue 13): this one was written before invoices, so it has none.
        ...(kind.table === 'sales' ? { clientId: null, clientName: null, buyerName: '', invoice: null } : {}),
      },
      { ...original, notes: '' },
    ]);

    // The original row is untouched; the audit entry names the original, the reason and the reversal.
    expect(await rowsOf(kind.table)).toEqual([
      { id: String(id), amount_gbp: '120.50', reversal_of: null },
      { id: String(reversalId), amount_gbp: '-120.50', reversal_of: String(id) },
    ]);
    const audit = await state.db.query(
      `SELECT entity, entity_id::int AS "entityId", action, user_id AS "userId", after FROM audit_log
        WHERE action = 'void'`,
    );
    expect(audit).toEqual([
      {
        entity: kind.entity,
        entityId: id,
        action: 'void',
        userId: state.fx.ids.gold,
        after: {
          reason: 'Entered twice',
          reversalId,
          amountGbp: 120.5,
          ...(kind.table === 'sales' ? { creditNote: null } : {}),
        },
      },
    ]);
  });

  it('needs a reason: blank or missing is a 400 on reason and nothing is written', async () => {
    const id = await kind.make('2026-02-27', '10.00');
    const platinum = await as('platinum');
    for (const body of [{ reason: '   ' }, {}]) {
      const res = await platinum.post(kind.voidPath(id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ reason: [VOID_REASON_REQUIRED] });
    }
    // Wrong types, unknown fields and an overlong reason are DRF-shaped 400s too, never a 500.
    for (const [body, answer] of [
      [{ reason: 5 }, { reason: ['Not a valid string.'] }],
      [{ reason: 'x', amount: 1 }, { amount: ['This field is not allowed.'] }],
      [{ reason: 'x'.repeat(501) }, { reason: ['Ensure this field has no more than 500 characters.'] }],
    ] as const) {
      const res = await platinum.post(kind.voidPath(id), body);
      expect([res.statusCode, res.json()]).toEqual([400, answer]);
    }
    expect(await rowsOf(kind.table)).toHaveLength(1);
  });

  it('is for platinum and gold: silver gets 403 with the reason the button shows', async () => {
    const id = await kind.make('2026-02-27', '10.00');
    const silver = await as('silver');
    const res = await silver.post(kind.voidPath(id), { reason: 'Mistake' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: VOID_NOT_ALLOWED });
    expect(await rowsOf(kind.table)).toHaveLength(1);
    const platinum = await as('platinum');
    expect((await platinum.post(kind.voidPath(id), { reason: 'Mistake' })).statusCode).toBe(200);
  });

  it('refuses a second void and a void of the reversal (409), and voids nothing of another shop (404)', async () => {
    const id = await kind.make('2026-02-27', '10.00');
    const theirs = await kind.make('2026-02-27', '99.00', 'other');
    const gold = await as('gold');
    const first = (await gold.post(kind.voidPath(id), { reason: 'Wrong amount' })).json();
    const again = await gold.post(kind.voidPath(id), { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ALREADY_VOIDED });
    const ofReversal = await gold.post(kind.voidPath(first.voided.reversalId), { reason: 'Undo' });
    expect(ofReversal.statusCode).toBe(409);
    expect(ofReversal.json()).toEqual({ detail: REVERSAL_NOT_VOIDABLE });

    for (const missing of [theirs, 987654]) {
      const res = await gold.post(kind.voidPath(missing), { reason: 'Not ours' });
      expect(res.statusCode).toBe(404);
    }
    // The other shop's entry is untouched: no reversal anywhere but the one of ours.
    expect((await rowsOf(kind.table)).filter((r) => r.reversal_of !== null)).toEqual([
      expect.objectContaining({ reversal_of: String(id) }),
    ]);
  });

  it('two voids of one entry at once: exactly one succeeds, the other is the 409', async () => {
    const id = await kind.make('2026-02-27', '10.00');
    const [gold, platinum] = [await as('gold'), await as('platinum')];
    const answers = await Promise.all([
      gold.post(kind.voidPath(id), { reason: 'Duplicate' }),
      platinum.post(kind.voidPath(id), { reason: 'Duplicate too' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toEqual({ detail: ALREADY_VOIDED });
    expect((await rowsOf(kind.table)).filter((r) => r.reversal_of !== null)).toHaveLength(1);
  });
});

it('an expense id is not a quick sale: each void finds only its own kind (404)', async () => {
  const expenseId = await expense({ day: '2026-02-27', gbp: '5.00' });
  const gold = await as('gold');
  // Ids of the two tables overlap; a quick sale with this id does not exist.
  const res = await gold.post(pathOf(endpoints.quickSales.void, { id: expenseId }), { reason: 'x' });
  expect(res.statusCode).toBe(404);
  const itemSaleId = await sale({ day: '2026-02-27', gbp: '5.00', itemId: await item({ status: 'sold' }) });
  const ofItemSale = await gold.post(pathOf(endpoints.quickSales.void, { id: itemSaleId }), { reason: 'x' });
  // A stock item's sale is voided on the item, where its status goes back too.
  expect(ofItemSale.statusCode).toBe(404);
});

describe('the schema (010) holds the rules whatever writes to it', () => {
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'written',
      (error: { code?: string }) => error.code,
    );

  it.each(['sales', 'expenses', 'client_ledger'])(
    "%s: a second reversal of one entry is refused by the unique index, and the amounts' signs are checked",
    async (table) => {
      const alice = await client('alice');
      const { shopId } = state.fx;
      const insert = async (amount: string, reversalOf: string | null) => {
        const values: Record<string, [string, unknown[]]> = {
          sales: [
            `INSERT INTO sales (shop_id, name, amount, amount_gbp, payment_method, sale_date, created_at,
                                reversal_of, void_reason)
             VALUES ($1, 'x', $2::numeric, $2::numeric, 'Cash', '2026-03-01', now(), $3, $4) RETURNING id::text`,
            [shopId, amount, reversalOf, reversalOf && 'why'],
          ],
          expenses: [
            `INSERT INTO expenses (shop_id, name, amount, amount_gbp, expense_date, created_at, reversal_of,
                                   void_reason)
             VALUES ($1, 'x', $2::numeric, $2::numeric, '2026-03-01', now(), $3, $4) RETURNING id::text`,
            [shopId, amount, reversalOf, reversalOf && 'why'],
          ],
          client_ledger: [
            `INSERT INTO client_ledger (shop_id, client_id, amount, currency, exchange_rate, amount_gbp, method,
                                        entry_date, created_at, reversal_of, void_reason)
             VALUES ($1, $5, $2::numeric, 'GBP', 1, $2::numeric, 'Cash', '2026-03-01', now(), $3, $4)
             RETURNING id::text`,
            [shopId, amount, reversalOf, reversalOf && 'why', alice],
          ],
        };
        const [sql, params] = values[table] as [string, unknown[]];
        return ((await state.db.query<{ id: string }>(sql, params))[0] as { id: string }).id;
      };
      const original = await insert('10.00', null);
      await insert('-10.00', original);
      expect(await codeOf(insert('-10.00', original))).toBe('23505');
      // A reversal carries the opposite sign of its original; an original is never negative (the ledger's
      // entries are signed either way, so only its one-reversal rule applies).
      if (table !== 'client_ledger') {
        expect(await codeOf(insert('10.00', await insert('10.00', null)))).toBe('23514');
        expect(await codeOf(insert('-10.00', null))).toBe('23514');
      }
    },
  );
});

describe('reports show a void in the period it was made', () => {
  /*
   * A Rolex bought for 8000 sold on 27 February for 10000 by card to Alice, and a 300.00 expense on 27 February,
   * both voided on 1 March (today). A quick sale of 50 on 1 March stands.
   */
  async function soldAndVoided() {
    const alice = await client('alice');
    const rolex = await item({
      brand: 'Rolex',
      model: 'Submariner',
      serial: 'R1',
      price: '8000',
      purchasedOn: '2026-02-02',
      status: 'sold',
    });
    await sale({
      day: '2026-02-27',
      gbp: '10000.00',
      itemId: rolex,
      cost: '8000',
      method: 'Credit Card',
      clientId: alice,
      name: 'Rolex Submariner R1',
    });
    const rent = await expense({ day: '2026-02-27', gbp: '300.00', name: 'Rent' });
    await sale({ day: '2026-03-01', gbp: '50.00', method: 'Cash' });
    const gold = await as('gold');
    const voided = await gold.post(pathOf(endpoints.items.voidSale, { id: rolex }), {
      reason: 'Card declined',
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ id: rolex, status: 'available', sale: null });
    expect(
      (await gold.post(pathOf(endpoints.expenses.void, { id: rent }), { reason: 'Paid twice' })).statusCode,
    ).toBe(200);
    return { gold, alice };
  }

  it('sales and profit: +X on the day of the sale, −X on the day of the void; the month totals net it', async () => {
    const { gold } = await soldAndVoided();
    const get = async (q: string) => {
      const res = await gold.get(`${paths.reports}?${q}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const days = await get('type=sales&range=custom&from=2026-02-27&to=2026-03-01');
    expect(days.rows).toEqual([
      { date: '2026-02-27', sales: 10000, expenses: 300, profit: 1700 },
      { date: '2026-02-28', sales: 0, expenses: 0, profit: 0 },
      { date: '2026-03-01', sales: -9950, expenses: -300, profit: -1650 },
    ]);
    expect(days.totals).toEqual({ sales: 50, expenses: 0, profit: 50 });
    // The sale and its reversal net to no item sold; the quick sale stands.
    expect(days.details).toEqual({
      kind: 'sales',
      itemSales: { count: 0, amount: 0 },
      quickSales: { count: 1, amount: 50 },
      costOfGoods: 0,
    });
    // February alone still shows the sale: a closed period is never rewritten.
    const february = await get('type=profit_loss&range=custom&from=2026-02-01&to=2026-02-28');
    expect(february.details).toEqual({
      kind: 'profit_loss',
      revenue: 10000,
      costOfGoods: 8000,
      grossProfit: 2000,
      expenses: 300,
      netProfit: 1700,
    });

    const months = await get('type=sales&range=monthly');
    const byMonth = Object.fromEntries(months.rows.map((r: { date: string }) => [r.date, r]));
    expect(byMonth['2026-02-01']).toEqual({ date: '2026-02-01', sales: 10000, expenses: 300, profit: 1700 });
    expect(byMonth['2026-03-01']).toEqual({
      date: '2026-03-01',
      sales: -9950,
      expenses: -300,
      profit: -1650,
    });

    const stock = await get('type=stock_summary&range=custom&from=2026-03-01&to=2026-03-01');
    expect(stock.rows).toEqual([{ date: '2026-03-01', sales: -10000, expenses: -8000, profit: -2000 }]);
    // The Rolex is back in stock.
    expect(stock.details.byStockType.Watches).toEqual({ count: 1, amount: 8000 });

    const methods = await get('type=sales_by_method&range=custom&from=2026-03-01&to=2026-03-01');
    const card = methods.details.byMethod.find((m: { method: string }) => m.method === 'Credit Card');
    expect(card).toEqual({ method: 'Credit Card', count: -1, amount: -10000 });

    const purchases = await get('type=purchases&range=custom&from=2026-03-01&to=2026-03-01');
    expect(purchases.details.expenses).toEqual({ count: -1, amount: -300 });
  });

  it('client report: the client is listed in the period of the void with the sale netted out', async () => {
    const { gold, alice } = await soldAndVoided();
    const res = await gold.get(
      `${paths.reports}?type=client_report&range=custom&from=2026-03-01&to=2026-03-01`,
    );
    expect(res.json().details.clients).toEqual([
      expect.objectContaining({ clientId: alice, sales: { count: -1, amount: -10000 } }),
    ]);
    const both = await gold.get(
      `${paths.reports}?type=client_report&range=custom&from=2026-02-27&to=2026-03-01`,
    );
    expect(both.json().details.clients).toEqual([
      expect.objectContaining({ clientId: alice, sales: { count: 0, amount: 0 } }),
    ]);
  });

  it('the dashboard: today and this month carry the void, all time nets it, the voided sale is not recent', async () => {
    const { gold } = await soldAndVoided();
    const res = await gold.get(paths.financeDashboard);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    // 1 March 2026 is a Sunday: this week (from Monday 23 February) holds the sale and its void.
    expect(d.sales).toEqual({ today: -9950, week: 50, month: -9950 });
    expect(d.revenue).toEqual({ month: -9950, allTime: 50 });
    // March: the quick sale 50, minus the voided sale's profit 2000, plus the voided expense 300.
    expect(d.profitLoss).toEqual({ month: -1650 });
    expect(d.salesByMethod).toEqual({ card: -10000, cash: 50, bank: 0, other: 0 });
    expect(d.recentWatchSales).toEqual([]);
  });

  it('the CSV lists the reversal lines as voids, on the day they were made', async () => {
    const { gold } = await soldAndVoided();
    const res = await gold.get(
      `${paths.reportsCsv}?type=profit_loss&range=custom&from=2026-02-27&to=2026-03-01`,
    );
    expect(res.statusCode).toBe(200);
    const records = parseCsv(res.body);
    const total = records.find((r) => r[0] === 'Total');
    expect(total).toEqual(['Total', '50.00', '0.00', '50.00']);
    const lines = records.filter((r) => /^2026-0[23]-\d\d$/.test(r[0] ?? '') && r.length > 4);
    const voids = lines.filter((r) => r.some((cell) => cell.startsWith('Void of ')));
    expect(voids).toHaveLength(2);
    expect(voids.every((r) => r[0] === '2026-03-01')).toBe(true);
    expect(voids.map((r) => r.find((cell) => cell.startsWith('Void of '))).sort()).toEqual([
      expect.stringMatching(/^Void of Expense #\d+$/),
      expect.stringMatching(/^Void of Sale #\d+$/),
    ]);
    expect(res.body).toContain('-10000.00');
  });
});
