import type { APIRequestContext, Page, Request, Route } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { finishDocumentDialog } from '../support/documents';
import { createItem, getItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading, sidebar, waitForPath } from '../support/ui';

// The shared query cache, seen from a browser: what one screen loaded or changed reaches the others without a
// page load. Every move between screens here is a click in the sidebar; a `goto` or a reload would start a
// fresh cache and prove nothing.
const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await api?.dispose();
});

async function watchesInStock(): Promise<number> {
  const answer = await api.get('/api/api/items/summary/');
  if (!answer.ok()) throw new Error(`GET items/summary answered ${answer.status()}`);
  const summary = (await answer.json()) as { byStockType: { Watches: { count: number } } };
  return summary.byStockType.Watches.count;
}

/** Marks the document, so a test can tell a client-side navigation (mark kept) from a page load (mark gone). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __loupeSameDocument: true }));
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __loupeSameDocument?: boolean }).__loupeSameDocument === true,
  );
}

/**
 * Holds every request for stock (lists, items, the summary) until `release`, so a test can see what the page
 * shows before any answer can have arrived.
 */
async function holdStockRequests(page: Page) {
  const held: Request[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    held.push(route.request());
    await released;
    await route.continue().catch(() => undefined);
  };
  const matches = (url: URL) => url.pathname.startsWith('/api/api/items/');
  await page.route(matches, handler);
  return {
    held,
    async release() {
      release();
      await page.unroute(matches, handler);
    },
  };
}

const rowHeaders = (page: Page) => page.getByRole('table').first().getByRole('rowheader');

describe('the query cache', () => {
  browserTest('revisiting a list shows its rows before any request for them completes', async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/inventory/all');
    await heading(page, 'All Inventory Stock').waitFor();
    await rowHeaders(page).first().waitFor();
    const shown = await rowHeaders(page).allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    await markDocument(page);

    await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await heading(page, 'Dashboard').waitFor();
    const hold = await holdStockRequests(page);
    try {
      await sidebar(page).getByRole('link', { name: 'All Stock', exact: true }).click();
      await waitForPath(page, '/inventory/all');
      await heading(page, 'All Inventory Stock').waitFor();
      await rowHeaders(page).first().waitFor();
      // Whatever the page asked for is still held: these rows can only have come from the cache.
      expect(await rowHeaders(page).allInnerTexts()).toEqual(shown);
      expect(await page.getByRole('status', { name: 'Loading items...' }).count()).toBe(0);
    } finally {
      await hold.release();
    }
    expect(await sameDocument(page)).toBe(true);
  });

  browserTest(
    'after a Sell, the dashboard’s count and the stock list change without a page load',
    async (kit) => {
      const serial = uniqueSerial('CACHE');
      const item = await createItem(api, {
        serial,
        stockType: 'Watches',
        brand: 'Rolex',
        model: 'Explorer',
        retailPrice: '7200',
        transactions: [{ type: 'cash', amount: '5100' }],
      });
      const before = await watchesInStock();

      const page = await kit.newPage({ as: demo.gold });
      await page.goto('/dashboard');
      await heading(page, 'Dashboard').waitFor();
      const watches = page.getByRole('region', { name: 'Total Watches', exact: true });
      await watches.getByText(before.toLocaleString('en-GB'), { exact: true }).waitFor();
      await markDocument(page);

      // The newest watch heads its list (newest first), so the item is on the first page.
      await sidebar(page).getByRole('link', { name: 'Watches', exact: true }).click();
      await heading(page, 'Inventory - Watches').waitFor();
      const row = page
        .getByRole('table')
        .first()
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: serial, exact: true }) });
      await row.getByRole('button', { name: 'Sell', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
      await dialog.getByLabel('Sale Price (GBP)', { exact: true }).fill('7000');
      await dialog.getByRole('button', { name: 'Confirm Sale' }).click();
      await finishDocumentDialog(dialog);
      await page.getByText(`${serial} is sold.`).waitFor();
      // The watches list shows stock in hand: the sold watch leaves it.
      await row.waitFor({ state: 'detached' });
      expect((await getItem(api, item.id)).status).toBe('sold');

      await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await heading(page, 'Dashboard').waitFor();
      const after = await watchesInStock();
      expect(after).toBe(before - 1);
      await watches.getByText(after.toLocaleString('en-GB'), { exact: true }).waitFor();
      expect(await sameDocument(page)).toBe(true);
    },
  );
});
