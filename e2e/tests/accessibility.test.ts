import type { APIRequestContext, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { COLOUR_RULES, formatViolations, seriousViolations, type Violation } from '../support/axe';
import { browserSuite } from '../support/browser';
import { openRoute } from '../support/app-routes';
import { createItem, listItems, uniqueSerial } from '../support/inventory';
import { rowAction } from '../support/row-actions';
import { baseUrl } from '../support/state';
import { heading, loadingDone, openUserMenu, sidebar, topBar, trackApiCalls } from '../support/ui';

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.platinum);
});
afterAll(async () => {
  await api?.dispose();
});

type Theme = 'light' | 'dark';

/** The theme as a returning visitor's browser keeps it (SPEC §4: localStorage.theme, restored on load). */
const themeScript = (theme: Theme) => `try { localStorage.setItem('theme', '${theme}'); } catch {}`;

/**
 * The rules a theme's audit runs. A theme changes colours only: the two themes differ in their colour tokens
 * and shadow (platform/src/theme/tokens.ts), not in markup, names, roles, focus order or size (the user menu's
 * switch names the theme it goes to: its only words that change), which is what every other axe rule judges.
 * So the default theme (dark, SPEC §4) runs every rule, and the other only the rules that judge colour
 * (COLOUR_RULES), the ones a wrong light colour fails. Every route of the app is audited, at both sizes and in
 * both themes, in tests/every-route.test.ts; here the open menus and dialogs.
 */
const rulesFor = (theme: Theme): readonly string[] | undefined =>
  theme === 'dark' ? undefined : COLOUR_RULES;

/** Opens `path` and waits until its screen has drawn: its h1 is there and its API calls are answered. */
async function settle(page: Page, path: string, title: string): Promise<void> {
  const calls = trackApiCalls(page);
  await page.goto(path);
  await heading(page, title).waitFor({ timeout: 20_000 });
  await calls.settled(400);
  await loadingDone(page);
}

/** An available watch of the test's own, so that Sell, Checkout and Promote are all enabled on its row. */
async function newItem(): Promise<string> {
  const serial = uniqueSerial('A11Y');
  await createItem(api, {
    serial,
    stockType: 'Watches',
    brand: 'Rolex',
    model: 'Explorer',
    retailPrice: '7200',
    transactions: [{ type: 'cash', amount: '5100' }],
  });
  return serial;
}

/** The row of the item `serial` in the list on screen. */
function itemRow(page: Page, serial: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) }) });
}

/** The row's Sell, or an entry of its More menu (issue 21). */
const itemButton = (page: Page, serial: string, name: string) =>
  rowAction(itemRow(page, serial), serial, name);

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The page with a stock row's ⋯ menu open, then with the user menu open, each audited whole (a menu is drawn
 * over the page, so its colours and what it covers count). The page shows `serial`'s row.
 */
async function auditMenus(page: Page, serial: string, size: string): Promise<Violation[]> {
  const found: Violation[] = [];
  const label = `More actions for ${serial}`;
  await page.getByRole('button', { name: label, exact: true }).click();
  const rowMenu = page.getByRole('menu', { name: label });
  await rowMenu.getByRole('menuitem').first().waitFor();
  found.push(...(await seriousViolations(page, `${size} a row's ⋯ menu open`)));
  await page.keyboard.press('Escape');
  await rowMenu.waitFor({ state: 'hidden' });

  const account = await openUserMenu(page, demo.platinum.username);
  await account.getByRole('menuitem').first().waitFor();
  found.push(...(await seriousViolations(page, `${size} the user menu open`)));
  await page.keyboard.press('Escape');
  await account.waitFor({ state: 'hidden' });
  return found;
}

describe('phone size and open menus', () => {
  browserTest(
    "at 390 × 844 an available piece's page, the navigation drawer and both menus have no serious or critical violation",
    async (kit) => {
      const serial = await newItem();
      const page = await kit.newPage({ as: demo.platinum, viewport: PHONE });
      const found: Violation[] = [];
      // The rest of a phone's working day is audited at this size in tests/every-route.test.ts; here the page
      // of an available piece (Sell, Check out and Promote shown).
      const [item] = (await listItems(api, { search: serial })).results;
      if (!item) throw new Error(`the item ${serial} made for the test is not listed`);
      await openRoute(page, { path: `/inventory/item/${item.id}`, heading: new RegExp(serial) });
      found.push(...(await seriousViolations(page, `390×844 the item page of ${serial}`)));

      // The sidebar on a phone is a drawer behind the top bar's button.
      await openRoute(page, {
        path: `/inventory/all?search=${encodeURIComponent(serial)}`,
        heading: 'All Inventory Stock',
      });
      await topBar(page).getByRole('button', { name: 'Open navigation', exact: true }).click();
      await sidebar(page).getByRole('link', { name: 'Clients', exact: true }).waitFor();
      found.push(...(await seriousViolations(page, '390×844 the navigation drawer open')));
      await topBar(page).getByRole('button', { name: 'Close navigation', exact: true }).click();
      await topBar(page).getByRole('button', { name: 'Open navigation', exact: true }).waitFor();

      found.push(...(await auditMenus(page, serial, '390×844')));
      if (found.length > 0)
        throw new Error(`${found.length} serious/critical axe violations:\n${formatViolations(found)}`);
    },
    240_000,
  );

  browserTest(
    "at 1280 × 800 a stock row's ⋯ menu and the user menu, open, have no serious or critical violation",
    async (kit) => {
      const serial = await newItem();
      const page = await kit.newPage({ as: demo.platinum, viewport: LAPTOP });
      await settle(page, `/inventory/all?search=${encodeURIComponent(serial)}`, 'All Inventory Stock');
      const found = await auditMenus(page, serial, '1280×800');
      if (found.length > 0)
        throw new Error(`${found.length} serious/critical axe violations:\n${formatViolations(found)}`);
    },
    90_000,
  );
});

describe('dialogs', () => {
  browserTest(
    'Tab and Shift+Tab cycle inside an open dialog, Escape closes it and focus returns to the opener',
    async (kit) => {
      const serial = await newItem();
      const page = await kit.newPage({ as: demo.platinum });
      await settle(page, `/inventory/all?search=${encodeURIComponent(serial)}`, 'All Inventory Stock');
      const opener = await itemButton(page, serial, 'Sell');
      await opener.click();
      const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
      await dialog.waitFor();

      // The page behind neither scrolls nor is reachable: the dialog is modal (top layer, rest inert).
      expect(
        await page.evaluate(() => ({
          modal: document.querySelector('dialog')?.matches(':modal') ?? false,
          overflow: getComputedStyle(document.body).overflow,
        })),
      ).toEqual({ modal: true, overflow: 'hidden' });

      const where = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          const inside = Boolean(active && active.closest('dialog'));
          const name =
            active instanceof HTMLElement
              ? `${active.tagName.toLowerCase()}:${active.getAttribute('aria-label') ?? active.id ?? ''}:${(active.textContent ?? '').trim().slice(0, 30)}`
              : String(active);
          return { inside, name };
        });

      // It opens on its first field, the price (issue 21); forward from there every stop is inside, and after a
      // full round the price comes back.
      await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
      const first = await where();
      expect(first.inside).toBe(true);
      const forward: string[] = [first.name];
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press('Tab');
        const stop = await where();
        expect(stop.inside).toBe(true);
        if (stop.name === forward[0]) break;
        forward.push(stop.name);
      }
      expect(forward.length).toBeGreaterThan(2);
      expect(forward.length).toBeLessThan(30);
      expect(forward.at(-1)).toMatch(/^button:.*Close$/);

      // Backward from the first control: the last one (Close), then the stops in reverse.
      const backward: string[] = [];
      for (let i = 0; i < forward.length; i += 1) {
        await page.keyboard.press('Shift+Tab');
        const stop = await where();
        expect(stop.inside).toBe(true);
        backward.push(stop.name);
      }
      expect(backward).toEqual([...forward.slice(1).reverse(), forward[0]]);

      const inDialog = await seriousViolations(page, 'Sell dialog', 'dialog');
      if (inDialog.length > 0) throw new Error(formatViolations(inDialog));

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    },
    90_000,
  );
});

describe('open dialogs', () => {
  for (const theme of ['dark', 'light'] as const) {
    browserTest(
      `Sell, Check out, Promote, Payment and Client Details have no serious or critical ${theme === 'dark' ? '' : 'colour '}violation in the ${theme} theme`,
      async (kit) => {
        const page = await kit.newPage({ as: demo.platinum, initScript: themeScript(theme) });
        const found: Violation[] = [];

        const serial = await newItem();
        await settle(page, `/inventory/all?search=${encodeURIComponent(serial)}`, 'All Inventory Stock');
        for (const [button, title] of [
          ['Sell', `Sell ${serial}`],
          ['Checkout', `Check out ${serial}`],
          ['Promote', `Promote ${serial}`],
        ] as const) {
          await (await itemButton(page, serial, button)).click();
          const dialog = page.getByRole('dialog', { name: title });
          await dialog.waitFor();
          found.push(
            ...(await seriousViolations(page, `${theme} ${button} dialog`, 'dialog', rulesFor(theme))),
          );
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }

        await settle(page, '/clients', 'Clients');
        const firstRow = page
          .getByRole('table')
          .first()
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader') })
          .first();
        const name = (await firstRow.getByRole('rowheader').innerText()).trim();
        await firstRow.getByRole('button', { name: 'Payment', exact: true }).click();
        const payment = page.getByRole('dialog', { name: `Payment for ${name}` });
        await payment.waitFor();
        found.push(...(await seriousViolations(page, `${theme} Payment dialog`, 'dialog', rulesFor(theme))));
        await page.keyboard.press('Escape');
        await payment.waitFor({ state: 'detached' });

        await settle(page, '/dashboard', 'Dashboard');
        const debtors = page.getByRole('table', { name: 'Debtors' });
        await debtors.getByRole('button').first().click();
        const details = page.getByRole('dialog', { name: 'Client Details' });
        await details.getByRole('table', { name: 'Recent ledger entries' }).waitFor();
        found.push(
          ...(await seriousViolations(page, `${theme} Client Details dialog`, 'dialog', rulesFor(theme))),
        );

        if (found.length > 0) throw new Error(formatViolations(found));
      },
      90_000,
    );
  }
});

describe('navigation', () => {
  browserTest(
    'the first load leaves focus alone; after a navigation focus is on the new page heading, and titles follow',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum });
      await settle(page, '/dashboard', 'Dashboard');
      expect(await page.title()).toBe('Dashboard · Loupe');
      const focusedHeading = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          return active?.tagName === 'H1' ? active.textContent : null;
        });
      expect(await focusedHeading()).toBeNull();

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
      await heading(page, 'Clients').waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await focusedHeading()).toBe('Clients');
      expect(await page.title()).not.toBe('Dashboard · Loupe');

      // The next Tab starts from the page's content, not from the top of the document.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

      await page.getByRole('link', { name: 'Loupe dashboard' }).click();
      await heading(page, 'Dashboard').waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await focusedHeading()).toBe('Dashboard');
      expect(await page.title()).toBe('Dashboard · Loupe');
    },
  );
});
