import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { SIZES } from '../support/layout-check';

// Issue 21, item 1. That every route fits the window at 1280 × 800 and 390 × 844 (nothing wider than its box,
// no short word broken, stock rows at most 56 px or cards) is checked in tests/every-route.test.ts, on the
// same drawing of each route as its accessibility audit (support/layout-check.ts). Here: the phone's top bar.

const browserTest = browserSuite();

describe('the top bar on a phone (issue 21: the search box had shrunk to about 20 px)', () => {
  browserTest(
    'gives the search box a row of its own, its placeholder readable, the drawer under it',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum, viewport: SIZES.phone });
      await page.goto('/dashboard');
      const box = page.getByTestId('top-bar').getByPlaceholder('Serial Number / QR Code...');
      await box.waitFor();
      const input = await box.boundingBox();
      const bar = await page.getByTestId('top-bar').boundingBox();
      expect(input && bar).toBeTruthy();
      // The bar's width less its padding and the camera button: well over half the phone's width.
      expect(input?.width ?? 0).toBeGreaterThanOrEqual(280);
      expect((input?.y ?? 0) + (input?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
      // The navigation drawer opens below the whole bar, not over the search row.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
      expect(nav?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0) - 1);
    },
  );
});
