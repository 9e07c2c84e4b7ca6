import type { Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { trackApiCalls } from '../support/ui';

const browserTest = browserSuite();

const PHONE = { width: 390, height: 844 };

/** How far the page itself can be scrolled sideways (0 when everything fits the window). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('a phone-sized window', () => {
  browserTest(
    'no page scrolls sideways: wide tables scroll inside their own box, with their columns intact',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum, viewport: PHONE });
      const api = trackApiCalls(page);
      const pages = [
        '/dashboard',
        '/clients',
        '/clients/add',
        '/stock/watches',
        '/inventory/all',
        '/inventory/available',
        '/inventory/checked-out',
        '/inventory/add',
        '/expenses',
        '/expenselist',
        '/reports',
        '/quicksales',
        '/invoices',
        '/settings/shop',
      ];
      const overflowing: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await api.settled();
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) overflowing.push(`${path} by ${overflow}px`);
      }
      expect(overflowing).toEqual([]);

      // The stock table keeps its columns and scrolls within its box rather than being squeezed or cut.
      await page.goto('/stock/watches');
      const table = page.getByRole('table').first();
      await table.getByRole('row').nth(1).waitFor();
      const box = await table.evaluate((element) => {
        const scroller = element.parentElement as HTMLElement;
        return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
      });
      expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
      await table.getByRole('columnheader', { name: 'Listing Price' }).waitFor({ state: 'attached' });
    },
  );
});
