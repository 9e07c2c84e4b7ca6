import { REPORT_RANGE_KEYS, REPORT_TYPE_KEYS, paths } from '@loupe/contracts';
import { seedDemo } from '../../../src/demo/seed';
import { resetTables } from '../../helper';
import { financeTestbed } from './setup';

const { state, as } = financeTestbed();

describe('finance demo data', () => {
  it('gives every report, range and dashboard card something to show, consistent with the API rules', async () => {
    await resetTables(state.db);
    const seeded = await seedDemo(state.db, state.clock.now());
    expect(seeded).not.toBeNull();

    const counts = (
      await state.db.query<{ expenses: number; quick: number; foreign: number; wrong: number }>(
        `SELECT (SELECT count(*)::int FROM expenses) AS expenses,
                (SELECT count(*)::int FROM sales WHERE item_id IS NULL) AS quick,
                (SELECT count(*)::int FROM expenses WHERE currency <> 'GBP') AS foreign,
                (SELECT count(*)::int FROM (
                   SELECT amount, exchange_rate, amount_gbp FROM expenses
                   UNION ALL SELECT amount, exchange_rate, amount_gbp FROM sales WHERE item_id IS NULL) e
                  WHERE amount_gbp <> round(amount * exchange_rate, 2)) AS wrong`,
      )
    )[0];
    expect(counts).toMatchObject({ wrong: 0 });
    expect(counts?.expenses).toBeGreaterThan(40);
    expect(counts?.quick).toBeGreaterThan(40);
    expect(counts?.foreign).toBeGreaterThan(0);

    const platinum = await as('platinum');
    for (const type of REPORT_TYPE_KEYS) {
      for (const range of REPORT_RANGE_KEYS) {
        const custom = range === 'custom' ? '&from=2026-01-01&to=2026-02-28' : '';
        const res = await platinum.get(`${paths.reports}?type=${type}&range=${range}${custom}`);
        expect(res.statusCode).toBe(200);
        if (range === 'monthly' || range === 'custom') expect(res.json().totals.sales).toBeGreaterThan(0);
        const csv = await platinum.get(`${paths.reportsCsv}?type=${type}&range=${range}${custom}`);
        expect(csv.statusCode).toBe(200);
      }
    }
    const dash = (await platinum.get(paths.financeDashboard)).json();
    expect(dash.revenue.allTime).toBeGreaterThan(0);
    expect(dash.sales.month).toBeGreaterThan(0);
    expect(dash.recentWatchSales.length).toBeGreaterThan(0);
    const pins = (await platinum.get(paths.dashboardPins)).json();
    expect(pins.count).toBe(2);
    expect(pins.results[0].totals.sales).toBeGreaterThan(0);
    // The expense list shows what was seeded, newest first.
    const list = (await platinum.get(`${paths.expenses}?page_size=100`)).json();
    expect(list.count).toBe(counts?.expenses);
    const days = list.results.map((e: { expense_date: string }) => e.expense_date);
    expect([...days].sort().reverse()).toEqual(days);
  });
});
