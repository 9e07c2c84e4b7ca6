import type { APIRequestContext, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { createItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';

// Issue 14 in the browser: the dashboard's 90+ day stock card says what the aging endpoint says.

const browserTest = browserSuite();

interface StockAging {
  over90: { count: number; cost: number };
}

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await api?.dispose();
});

/** A day `days` before today, as YYYY-MM-DD (UTC; a few hours either side still leaves it over 90 days). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The aging figures as the signed-in page's own session reads them. */
async function agingOf(page: Page): Promise<StockAging> {
  const answer = await page.request.get('/api/api/stock/aging/');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as StockAging;
}

const gbp = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(
    amount,
  );

describe('aged stock (issue 14)', () => {
  browserTest('the 90+ day card’s count and cost are the aging endpoint’s', async (kit) => {
    // One more aged item of our own, so the card has something of this run's to count.
    await createItem(api, {
      serial: uniqueSerial('AGED'),
      stockType: 'Watches',
      brand: 'Omega',
      model: 'Speedmaster',
      purchasedOn: daysAgo(120),
      transactions: [{ type: 'cash', amount: '1234.56' }],
    });
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/dashboard?tab=stats');
    const card = page.getByRole('region', { name: 'Aged stock (90+ days)' });
    const note = card.getByText(/in stock 90 days or more/);
    await note.waitFor();

    const aging = await agingOf(page);
    expect(aging.over90.count).toBeGreaterThanOrEqual(1);
    const noun = aging.over90.count === 1 ? 'item' : 'items';
    await expect(note.innerText()).resolves.toBe(
      `${aging.over90.count.toLocaleString('en-GB')} ${noun} in stock 90 days or more · ${gbp(aging.over90.cost)} at cost`,
    );
    await expect(
      card.getByText(aging.over90.count.toLocaleString('en-GB'), { exact: true }).count(),
    ).resolves.toBe(1);
  });

  browserTest('Reports links to Margin by Brand, whose figures are the margins endpoint’s', async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/reports');
    await page.getByRole('link', { name: 'Margin by Brand' }).click();
    await page.getByRole('heading', { level: 1, name: 'Margin by Brand' }).waitFor();
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    const answer = await page.request.get(`/api/api/reports/margins/?from=${from}&to=${to}`);
    expect(answer.status()).toBe(200);
    const report = (await answer.json()) as { rows: unknown[]; totals: { salesGbp: number } };
    if (report.rows.length === 0) {
      await page.getByText('No item sales in these days.').waitFor();
    } else {
      const total = page.getByRole('table', { name: 'Margin by brand' }).getByRole('row').last();
      await expect(total.innerText()).resolves.toContain(gbp(report.totals.salesGbp));
    }
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/api/reports/margins/csv/?from=${from}&to=${to}`,
    );
  });
});
