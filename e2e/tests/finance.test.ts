import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn, csrfToken } from '../support/api';
import { browserSuite } from '../support/browser';
import { downloadedBytes } from '../support/documents';
import {
  gbp,
  getFinanceDashboard,
  getJson,
  getReport,
  nextAlert,
  parseCsv,
  reportLines,
  summaryTable,
  uniqueName,
  type ApiPin,
} from '../support/finance';
import { baseUrl } from '../support/state';
import { heading } from '../support/ui';

const browserTest = browserSuite();

let gold: APIRequestContext;
let platinum: APIRequestContext;

beforeAll(async () => {
  gold = await apiSignIn(baseUrl(), demo.gold);
  platinum = await apiSignIn(baseUrl(), demo.platinum);
});
afterAll(async () => {
  await gold?.dispose();
  await platinum?.dispose();
});

const REPORT_TYPES: [string, string][] = [
  ['sales', 'Sales'],
  ['purchases', 'Purchases'],
  ['stock_summary', 'Stock Summary'],
  ['profit_loss', 'Profit & Loss'],
  ['sales_by_method', 'Sales by Payment Method'],
  ['client_balances', 'Client Balances'],
  ['client_report', 'Client Report'],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The heading of the report the page shows once the server's answer for it is in. */
const reportHeading = (page: Page, typeLabel: string, rangeLabel: string) =>
  page.getByRole('heading', {
    level: 2,
    name: new RegExp(`^${escape(typeLabel)}, ${escape(rangeLabel)} \\(`),
  });

/** The figure beside `term` in a dashboard card's list of figures. */
const figure = (card: Locator, term: string) => card.locator(`dt:text-is("${term}") + dd`);

const cents = (value: number) => Math.round(value * 100);

describe('expenses', () => {
  browserTest('an added expense appears in the expense list with its amount to two decimals', async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/expenses');
    await heading(page, 'Add Expense').waitFor();
    const name = uniqueName('E2E courier, "insured"');
    const foreign = uniqueName('E2E strap supplier');

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Amount', { exact: true }).fill('12.5');
    expect(await page.getByLabel('Currency', { exact: true }).inputValue()).toBe('GBP');
    expect(await page.getByLabel('Payment Method', { exact: true }).inputValue()).toBe('Cash');
    const day = await page.getByLabel('Date', { exact: true }).inputValue();
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByLabel('Notes', { exact: true }).fill('Geneva, signed for');
    await page.getByRole('button', { name: 'Save Expense' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Expense saved: ${name}, £12.50` })
      .waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    await page.getByLabel('Name', { exact: true }).fill(foreign);
    await page.getByLabel('Currency', { exact: true }).selectOption('USD');
    await page.getByLabel('Exchange Rate', { exact: true }).fill('0.8');
    await page.getByLabel('Amount', { exact: true }).fill('7');
    await page.getByLabel('Payment Method', { exact: true }).selectOption('PayPal');
    await page.getByLabel('Date', { exact: true }).fill(day);
    await page.getByRole('button', { name: 'Save Expense' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Expense saved: ${foreign}, $7.00` })
      .waitFor();

    await page.goto(`/expenselist?date_from=${day}&date_to=${day}&page_size=100`);
    await heading(page, 'Expense List').waitFor();
    const table = page.getByRole('table', { name: 'Expenses' });
    const row = (n: string) =>
      table.getByRole('row').filter({ has: page.getByRole('cell', { name: n, exact: true }) });
    await row(name).waitFor();
    const cells = async (n: string) => (await row(n).getByRole('cell').allInnerTexts()).map((c) => c.trim());
    const [, date, notes, currency, amount, method] = await cells(name);
    expect([notes, currency, amount, method]).toEqual(['Geneva, signed for', 'GBP', '£12.50', 'Cash']);
    expect(await row(name).locator('time').getAttribute('datetime')).toBe(day);
    expect(date).not.toBe('');
    // The last column is the entry's standing: Void for an entry that stands (issue 12).
    expect((await cells(foreign)).slice(3)).toEqual(['USD', '$7.00', 'PayPal', 'Void']);

    // The filter is in the URL and in its fields.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(day);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(day);
    const saved = await getJson<{ results: { name: string; amount: number; expense_date: string }[] }>(
      gold,
      `/api/api/expenses/?date_from=${day}&date_to=${day}&page_size=100`,
    );
    expect(saved.results.find((e) => e.name === name)).toMatchObject({ amount: 12.5, expense_date: day });
  });
});

describe('reports', () => {
  browserTest('every report type shows the summary rows and totals the service computes', async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/reports');
    await heading(page, 'Reports').waitFor();
    for (const [type, label] of REPORT_TYPES) {
      await page.getByLabel('Report Type', { exact: true }).selectOption({ label });
      await reportHeading(page, label, 'Monthly').waitFor();
      const expected = await getReport(gold, { type, range: 'monthly' });
      expect(expected.rows).toHaveLength(12);
      expect({ type, lines: await summaryTable(page) }).toEqual({ type, lines: reportLines(expected) });
      expect(
        await page.getByRole('img', { name: new RegExp(`^${escape(label)}, Monthly, 12 periods`) }).count(),
      ).toBe(1);
    }

    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'Daily' });
    await reportHeading(page, 'Client Report', 'Daily').waitFor();
    expect(await summaryTable(page)).toEqual(
      reportLines(await getReport(gold, { type: 'client_report', range: 'daily' })),
    );

    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'Custom Range' });
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    await from.fill('2026-01-01');
    await to.fill('2026-01-10');
    await reportHeading(page, 'Client Report', 'Custom Range').waitFor();
    const custom = await getReport(gold, {
      type: 'client_report',
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-10',
    });
    expect(custom.rows).toHaveLength(10);
    expect(await summaryTable(page)).toEqual(reportLines(custom));
  });

  browserTest('Download CSV downloads a file whose rows are the table’s', async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/reports?type=profit_loss&range=weekly');
    await reportHeading(page, 'Profit & Loss', 'Weekly').waitFor();
    const shown = await summaryTable(page);

    const alert = nextAlert(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect(await alert).toBe('Downloading CSV...');
    const file = await download;
    expect(file.url()).toMatch(/\/api\/api\/reports\/csv\/\?type=profit_loss&range=weekly$/);
    expect(file.suggestedFilename()).toMatch(/^loupe-profit-loss-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv((await downloadedBytes(file)).toString('utf8').replace(/^\uFEFF/, ''));

    expect(rows[0]).toEqual(['Date', 'Sales', 'Expenses', 'Profit']);
    const end = rows.findIndex((row) => row.length === 1 && row[0] === '');
    const summary = rows.slice(1, end === -1 ? undefined : end);
    expect(summary).toEqual(shown);
    expect(summary.at(-1)?.[0]).toBe('Total');
    expect(summary).toHaveLength(9);
  });

  browserTest(
    'Add to Dash pins the report: the Stats tab of the dashboard shows it with its totals',
    async (kit) => {
      const { today } = await getFinanceDashboard(platinum);
      const from = `${today.slice(0, 4)}-01-01`;
      const query = { type: 'profit_loss', range: 'custom', from, to: today };
      // A pin of the same report from an earlier run against this data would be answered as already there.
      const before = await getJson<{ results: ApiPin[] }>(platinum, '/api/api/dashboard/pins/');
      for (const pin of before.results.filter(
        (p) => p.type === query.type && p.from === from && p.to === today,
      )) {
        const answer = await platinum.delete(`/api/api/dashboard/pins/${pin.id}/`, {
          headers: { 'X-CSRFToken': await csrfToken(platinum) },
        });
        expect(answer.status()).toBe(204);
      }

      const page = await kit.newPage({ as: demo.platinum });
      const search = new URLSearchParams(query).toString();
      await page.goto(`/reports?${search}`);
      await reportHeading(page, 'Profit & Loss', 'Custom Range').waitFor();
      const alert = nextAlert(page);
      const saved = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/api/dashboard/pins/' && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Add to Dash' }).click();
      const answer = await saved;
      expect(answer.status()).toBe(201);
      expect(await alert).toBe('Added to dashboard!');

      const report = await getReport(platinum, query);
      await page.goto('/dashboard?tab=stats');
      const card = page.getByRole('region', { name: 'Pinned Reports' });
      const item = card.getByRole('listitem').filter({ has: page.locator(`a[href="/reports?${search}"]`) });
      await item.waitFor();
      expect(await figure(item, 'Sales').innerText()).toBe(gbp(report.totals.sales));
      expect(await figure(item, 'Expenses').innerText()).toBe(gbp(report.totals.expenses));
      expect(await figure(item, 'Profit').innerText()).toContain(gbp(report.totals.profit));

      // The pin opens its report again, and Unpin removes it for good.
      await item.getByRole('link').click();
      await reportHeading(page, 'Profit & Loss', 'Custom Range').waitFor();
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(from);
      await page.goto('/dashboard?tab=stats');
      await item.waitFor();
      // Unpin is undoable: the pin leaves at once, and the DELETE goes when its Undo toast closes (~5 s).
      const removed = page.waitForResponse(
        (r) =>
          /^\/api\/api\/dashboard\/pins\/\d+\/$/.test(new URL(r.url()).pathname) &&
          r.request().method() === 'DELETE',
        { timeout: 20_000 },
      );
      await item.getByRole('button', { name: /^Unpin / }).click();
      await item.waitFor({ state: 'detached' });
      expect((await removed).status()).toBe(204);
      const after = await getJson<{ results: ApiPin[] }>(platinum, '/api/api/dashboard/pins/');
      expect(after.results.some((p) => p.type === query.type && p.from === from && p.to === today)).toBe(
        false,
      );
    },
  );
});

describe('dashboard', () => {
  browserTest('a quick sale shows at once in Sales Summary and Revenue', async (kit) => {
    const before = await getFinanceDashboard(gold);
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/dashboard?tab=stats');
    const summary = page.getByRole('region', { name: 'Sales Summary' });
    const revenue = page.getByRole('region', { name: 'Revenue' });
    await figure(summary, 'Today').waitFor();
    expect(await figure(summary, 'Today').innerText()).toBe(gbp(before.sales.today));
    expect(await figure(summary, 'This month').innerText()).toBe(gbp(before.sales.month));

    await page.goto('/quicksales');
    await heading(page, 'Add Quick Sale').waitFor();
    const name = uniqueName('E2E strap');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Amount', { exact: true }).fill('123.45');
    // The shop's own today (its time zone), which may differ from the browser's near midnight.
    await page.getByLabel('Date', { exact: true }).fill(before.today);
    await page.getByRole('button', { name: 'Save Quick Sale' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Quick sale saved: ${name}, £123.45` })
      .waitFor();

    const after = await getFinanceDashboard(gold);
    expect(cents(after.sales.today)).toBe(cents(before.sales.today) + 12345);
    expect(cents(after.sales.week)).toBe(cents(before.sales.week) + 12345);
    expect(cents(after.sales.month)).toBe(cents(before.sales.month) + 12345);

    await page.goto('/dashboard?tab=stats');
    await figure(summary, 'Today').waitFor();
    expect(await figure(summary, 'Today').innerText()).toBe(gbp(after.sales.today));
    expect(await figure(summary, 'This week').innerText()).toBe(gbp(after.sales.week));
    expect(await figure(summary, 'This month').innerText()).toBe(gbp(after.sales.month));
    expect(await revenue.getByText(gbp(after.revenue.month), { exact: true }).count()).toBe(1);
  });
});
