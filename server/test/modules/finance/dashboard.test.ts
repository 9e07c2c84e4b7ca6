import { MAX_PINS_PER_USER, paths } from '@loupe/contracts';
import { financeTestbed } from './setup';

const { state, as, at, item, sale, expense } = financeTestbed();

describe('GET /api/dashboard/finance/', () => {
  it('adds up today, this ISO week, this month and all time in the shop’s calendar', async () => {
    // Wednesday 4 March 2026, 23:30 UTC = 23:30 GMT: still the 4th. The week began Monday 2 March.
    at('2026-03-04T23:30:00Z');
    const rolex = await item({
      brand: 'Rolex',
      model: 'Submariner',
      serial: 'R-1',
      price: '8000',
      purchasedOn: '2026-03-02',
      status: 'sold',
    });
    const ring = await item({
      stockType: 'Jewellery',
      price: '100.50',
      purchasedOn: '2026-03-03',
      status: 'sold',
    });
    await item({ stockType: 'Accessories', price: '20', purchasedOn: '2026-02-27' }); // last month
    await sale({ day: '2026-03-04', gbp: '10000.00', itemId: rolex, cost: '8000', method: 'Credit Card' });
    await sale({ day: '2026-03-02', gbp: '150.25', itemId: ring, cost: '100.50', method: 'Debit Card' });
    await sale({ day: '2026-03-01', gbp: '40.00', method: 'Bank Transfer' }); // Sunday: last week, this month
    await sale({ day: '2026-02-28', gbp: '1000.00', method: 'Cash' }); // last month
    await sale({ day: '2026-03-03', gbp: '9.99', method: 'PayPal' });
    await sale({ day: '2026-03-04', gbp: '0.01', method: 'Cash' });
    await expense({ day: '2026-03-01', gbp: '50.00' });
    await expense({ day: '2026-02-28', gbp: '70.00' });
    await sale({ day: '2026-03-04', gbp: '777.00', shop: 'other' });

    const res = await (await as('gold')).get(paths.financeDashboard);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      today: '2026-03-04',
      // month: 10000 + 150.25 + 40 + 9.99 + 0.01; all time adds 1000
      revenue: { month: 10200.25, allTime: 11200.25 },
      sales: { today: 10000.01, week: 10160.25, month: 10200.25 },
      purchases: { month: 8100.5, count: 2 },
      // 10200.25 − (8000 + 100.50) − 50
      profitLoss: { month: 2049.75 },
      salesByMethod: { card: 10150.25, cash: 0.01, bank: 40, other: 9.99 },
    });
    expect(d.recentWatchSales).toEqual([
      {
        saleId: expect.any(Number),
        itemId: rolex,
        watch: 'Rolex Submariner',
        serial: 'R-1',
        saleDate: '2026-03-04',
        salePrice: 10000,
        cost: 8000,
        profit: 2000,
        profitPercent: 25,
      },
    ]);
  });

  it('lists the 5 latest watch sales, newest first, with the profit percentage of the cost', async () => {
    const days = ['2026-02-01', '2026-02-03', '2026-02-02', '2026-02-05', '2026-02-04', '2026-02-06'];
    for (const [i, day] of days.entries()) {
      const id = await item({ serial: `W-${i}`, price: '300', status: 'sold' });
      await sale({ day, gbp: `${200 + i * 100}.00`, itemId: id, cost: '300' });
    }
    const free = await item({ serial: 'GIFT', price: '0', status: 'sold' });
    await sale({ day: '2026-02-06', gbp: '10.00', itemId: free, cost: '0' });
    const ring = await item({ stockType: 'Jewellery', serial: 'J', price: '1', status: 'sold' });
    await sale({ day: '2026-02-28', gbp: '10.00', itemId: ring, cost: '1' });
    const d = (await (await as('gold')).get(paths.financeDashboard)).json();
    expect(
      d.recentWatchSales.map((s: { watch: string; profit: number; profitPercent: number | null }) => [
        s.watch,
        s.profit,
        s.profitPercent,
      ]),
    ).toEqual([
      ['GIFT', 10, null],
      ['W-5', 400, 133.3],
      ['W-3', 200, 66.7],
      ['W-4', 300, 100],
      ['W-1', 0, 0],
    ]);
  });

  it('is zero for a shop without records; members only', async () => {
    const d = (await (await as('rival')).get(paths.financeDashboard)).json();
    expect(d).toEqual({
      today: '2026-03-01',
      revenue: { month: 0, allTime: 0 },
      sales: { today: 0, week: 0, month: 0 },
      purchases: { month: 0, count: 0 },
      profitLoss: { month: 0 },
      salesByMethod: { card: 0, cash: 0, bank: 0, other: 0 },
      recentWatchSales: [],
    });
    expect((await (await as('anonymous')).get(paths.financeDashboard)).statusCode).toBe(401);
    expect((await (await as('loner')).get(paths.financeDashboard)).statusCode).toBe(403);
  });

  it('changes after a sale through the API', async () => {
    const gold = await as('gold');
    const before = (await gold.get(paths.financeDashboard)).json();
    await gold.post(paths.quickSales, { name: 'Strap', amount: '35.00', payment_method: 'Debit Card' });
    const after = (await gold.get(paths.financeDashboard)).json();
    expect(after.sales.today - before.sales.today).toBe(35);
    expect(after.salesByMethod.card).toBe(35);
  });
});

describe('pinned reports', () => {
  it('pins, lists with current totals, keeps one of each, deletes', async () => {
    await sale({ day: '2026-03-01', gbp: '12.34' });
    await expense({ day: '2026-02-27', gbp: '2.00' });
    const gold = await as('gold');
    const created = await gold.post(paths.dashboardPins, {
      type: 'profit_loss',
      range: 'daily',
      from: '2020-01-01',
    });
    expect(created.statusCode).toBe(201);
    const pin = created.json();
    expect(pin).toEqual({
      id: expect.any(Number),
      type: 'profit_loss',
      range: 'daily',
      from: null,
      to: null,
      periodFrom: '2026-02-23',
      periodTo: '2026-03-01',
      totals: { sales: 12.34, expenses: 2, profit: 10.34 },
      createdAt: '2026-03-01T09:00:00.000Z',
    });
    const again = await gold.post(paths.dashboardPins, { type: 'profit_loss', range: 'daily' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(pin.id);

    const custom = await gold.post(paths.dashboardPins, {
      type: 'sales',
      range: 'custom',
      from: '2026-02-27',
      to: '2026-02-28',
    });
    expect(custom.statusCode).toBe(201);
    expect(custom.json()).toMatchObject({
      from: '2026-02-27',
      to: '2026-02-28',
      totals: { sales: 0, expenses: 2, profit: -2 },
    });
    expect(
      (
        await gold.post(paths.dashboardPins, {
          type: 'sales',
          range: 'custom',
          from: '2026-02-27',
          to: '2026-02-28',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await gold.post(paths.dashboardPins, {
          type: 'sales',
          range: 'custom',
          from: '2026-02-26',
          to: '2026-02-28',
        })
      ).statusCode,
    ).toBe(201);

    // A day later the daily pin covers the new last 7 days.
    at('2026-03-02T09:00:00Z');
    const later = await as('gold'); // the session of yesterday has expired
    const list = (await later.get(paths.dashboardPins)).json();
    expect(list.count).toBe(3);
    expect(list.results[0]).toMatchObject({ id: pin.id, periodFrom: '2026-02-24', periodTo: '2026-03-02' });

    expect((await later.send('DELETE', paths.dashboardPin(pin.id))).statusCode).toBe(204);
    expect((await later.send('DELETE', paths.dashboardPin(pin.id))).statusCode).toBe(404);
    expect((await later.get(paths.dashboardPins)).json().count).toBe(2);
  });

  it("are each user's own: others see none and cannot delete them", async () => {
    const gold = await as('gold');
    const pin = (await gold.post(paths.dashboardPins, { type: 'sales', range: 'weekly' })).json();
    const silver = await as('silver');
    expect((await silver.get(paths.dashboardPins)).json()).toEqual({ results: [], count: 0 });
    expect((await silver.send('DELETE', paths.dashboardPin(pin.id))).json()).toEqual({
      detail: 'Not found.',
    });
    expect((await (await as('rival')).send('DELETE', paths.dashboardPin(pin.id))).statusCode).toBe(404);
    expect((await gold.get(paths.dashboardPins)).json().count).toBe(1);
    expect((await silver.post(paths.dashboardPins, { type: 'sales', range: 'weekly' })).statusCode).toBe(201);
  });

  it('validates like the report and refuses more than the limit', async () => {
    const gold = await as('gold');
    expect((await gold.post(paths.dashboardPins, { type: 'x', range: 'daily' })).json()).toEqual({
      type: ['"x" is not a valid choice.'],
    });
    expect(
      (
        await gold.post(paths.dashboardPins, { type: 'sales', range: 'custom', from: '2026-02-02', to: null })
      ).json(),
    ).toEqual({ to: ['This field is required.'] });
    expect(
      (await gold.post(paths.dashboardPins, { type: 'sales', range: 'daily', extra: 1 })).statusCode,
    ).toBe(400);
    expect((await gold.post(paths.dashboardPins, { type: 'sales' })).statusCode).toBe(400);
    expect((await gold.send('DELETE', '/api/dashboard/pins/abc/')).statusCode).toBe(404);
    expect((await gold.send('DELETE', '/api/dashboard/pins/99999999999/')).statusCode).toBe(404);
    expect(
      (await (await as('anonymous')).post(paths.dashboardPins, { type: 'sales', range: 'daily' })).statusCode,
    ).toBe(401);

    await state.db.query(
      `INSERT INTO dashboard_pins (shop_id, user_id, report_type, range, date_from, date_to, created_at)
       SELECT $1, $2, 'sales', 'custom', DATE '2025-01-01' + g, DATE '2025-01-01' + g, now() FROM generate_series(1, $3::int) g`,
      [state.fx.shopId, state.fx.ids.gold, MAX_PINS_PER_USER],
    );
    const over = await gold.post(paths.dashboardPins, { type: 'sales', range: 'daily' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      detail: `You can pin at most ${MAX_PINS_PER_USER} reports. Remove one from the dashboard first.`,
    });
    const existing = await gold.post(paths.dashboardPins, {
      type: 'sales',
      range: 'custom',
      from: '2025-01-02',
      to: '2025-01-02',
    });
    expect(existing.statusCode).toBe(200);
  });
});
