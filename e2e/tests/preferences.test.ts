import type { Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { heading, openUserMenu, signInButton } from '../support/ui';

const browserTest = browserSuite();

async function themeOf(page: Page) {
  return page.evaluate(() => {
    const rgb = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = rgb ? rgb.slice(1, 4).map(Number) : [NaN, NaN, NaN];
    return {
      mode: document.documentElement.dataset.theme ?? null,
      stored: window.localStorage.getItem('theme'),
      // Relative luminance of the page background, 0 (black) … 1 (white).
      luminance: (0.2126 * (r ?? NaN) + 0.7152 * (g ?? NaN) + 0.0722 * (b ?? NaN)) / 255,
    };
  });
}

describe('preferences kept in local storage', () => {
  browserTest(
    'the app starts dark; light chosen in the user menu survives a reload (localStorage.theme)',
    async (kit) => {
      const anonymous = await kit.newPage();
      await anonymous.goto('/login');
      await signInButton(anonymous).waitFor();
      const first = await themeOf(anonymous);
      expect(first.mode).toBe('dark');
      expect(first.luminance).toBeLessThan(0.35);
      expect(first.stored === null || first.stored === 'dark').toBe(true);

      const page = await kit.newPage({ as: demo.gold });
      await page.goto('/dashboard');
      await heading(page, 'Dashboard').waitFor();
      expect((await themeOf(page)).mode).toBe('dark');

      const menu = await openUserMenu(page, 'gold');
      await menu.getByRole('menuitem', { name: 'Switch to light mode', exact: true }).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      const light = await themeOf(page);
      expect(light.stored).toBe('light');
      expect(light.luminance).toBeGreaterThan(0.65);

      await page.reload();
      await heading(page, 'Dashboard').waitFor();
      const reloaded = await themeOf(page);
      expect(reloaded).toEqual(light);
      const again = await openUserMenu(page, 'gold');
      await again.getByRole('menuitem', { name: 'Switch to dark mode', exact: true }).waitFor();
    },
  );

  browserTest(
    'a dismissed welcome banner stays dismissed after a reload (localStorage.welcomeDismissed)',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum });
      await page.goto('/dashboard');
      const banner = page.getByRole('region', { name: /^Welcome/ });
      await banner.waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('welcomeDismissed'))).toBeNull();

      await page.getByRole('button', { name: 'Dismiss welcome message' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => window.localStorage.getItem('welcomeDismissed'))).toBe('true');

      await page.reload();
      await heading(page, 'Dashboard').waitFor();
      // The dashboard has rendered (its tabs are there) and the banner is not part of it.
      await page.getByRole('tab', { name: 'Clients' }).waitFor();
      expect(await banner.count()).toBe(0);
    },
  );
});
