import type { Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { heading, openUserMenu } from '../support/ui';

// Issue 13's Shop Settings in the browser: reached from the owner's menu, the service's field errors under
// their fields, and the logo shown through the HTTP client as an image the browser really decodes. Nothing
// the other tests' documents print is left changed: the refused save saves nothing, the logo is removed again.

const browserTest = browserSuite();

// A 1 × 1 PNG: the service recognises an image by its content, not its name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const settingsJson = async (page: Page) =>
  (await (await page.request.get('/api/api/shop/settings/')).json()) as { vatNumber: string; logo: unknown };

describe('shop settings (issue 13)', () => {
  browserTest(
    'the owner opens Shop Settings from the menu, sees the service’s field error, and uploads and removes a logo',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum });
      await page.goto('/dashboard');
      const menu = await openUserMenu(page, 'platinum');
      await menu.getByRole('menuitem', { name: 'Shop Settings', exact: true }).click();
      await page.waitForURL('**/settings/shop');
      await heading(page, 'Shop Settings').waitFor();

      const before = await settingsJson(page);
      const vat = page.getByLabel('VAT registration number', { exact: true });
      await vat.fill('GB12');
      await page.getByRole('button', { name: 'Save Settings', exact: true }).click();
      await page.waitForFunction(
        () => document.querySelector('[aria-invalid="true"]')?.getAttribute('name') === 'vatNumber',
      );
      const describedBy = (await vat.getAttribute('aria-describedby')) ?? '';
      const error = page.locator(`[id="${describedBy.split(' ')[0]}"]`);
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await error.innerText()).toMatch(/VAT number/);
      expect((await settingsJson(page)).vatNumber).toBe(before.vatNumber);
      await vat.fill(before.vatNumber);

      await page.getByLabel('Logo file', { exact: true }).setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await page.getByRole('button', { name: 'Upload Logo', exact: true }).click();
      await page.getByText('Logo uploaded.', { exact: true }).waitFor();
      const logo = page.getByRole('img', { name: "The shop's current logo" });
      await logo.waitFor();
      // Fetched by the HTTP client and shown from an object URL: a real image, decoded by the browser.
      expect(await logo.evaluate((img: HTMLImageElement) => img.src.startsWith('blob:'))).toBe(true);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('img[alt="The shop\'s current logo"]');
        return img !== null && img.complete && img.naturalWidth === 1;
      });

      await page.getByRole('button', { name: 'Remove Logo', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the logo?' });
      await dialog.getByRole('button', { name: 'Remove Logo', exact: true }).click();
      await page.getByText('Logo removed.', { exact: true }).waitFor();
      expect((await settingsJson(page)).logo).toBeNull();
    },
    90_000,
  );
});
