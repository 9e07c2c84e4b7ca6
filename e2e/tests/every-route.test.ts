import type { APIRequestContext, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { appRoutes, openRoute, type AppRoute, type RouteOpening } from '../support/app-routes';
import { COLOUR_RULES, formatViolations, seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import { createItem, uniqueSerial } from '../support/inventory';
import { layoutProblems, SIZES, type Size } from '../support/layout-check';
import { baseUrl } from '../support/state';
import { signInButton } from '../support/ui';

// Every route of the app, drawn once per size and theme, and on that one drawing both of what it is held to:
// axe-core's serious and critical violations (accessibility) and the layout of issue 21 item 1 (nothing wider
// than its box, no short word broken, stock rows at most 56 px on the laptop and cards on the phone;
// support/layout-check.ts). The two checks used to open every route each on its own page load (four sweeps of
// ~50 routes in accessibility.test.ts and layout.test.ts); a route drawn once is judged by both.

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.platinum);
  // The widest stock row the suite's own data makes, whichever tests ran before this file (CI's order varies):
  // a generated serial (18 characters, hyphenated) and a promotion with its price, at the top of the lists.
  const item = await createItem(api, {
    serial: uniqueSerial('LAYOUT'),
    stockType: 'Watches',
    brand: 'Patek Philippe',
    model: 'Nautilus',
    retailPrice: '123456.78',
  });
  const promoted = await apiSend(api, 'POST', `/api/api/items/${item.id}/promote/`, {
    promoted: true,
    price: '119999.99',
  });
  if (!promoted.ok())
    throw new Error(`promoting ${item.serial}: ${promoted.status()} ${await promoted.text()}`);
});
afterAll(async () => {
  await api?.dispose();
});

type Theme = 'light' | 'dark';

/** The theme as a returning visitor's browser keeps it (SPEC §4: localStorage.theme, restored on load). */
const themeScript = (theme: Theme) => `try { localStorage.setItem('theme', '${theme}'); } catch {}`;

/**
 * The screens a person on a phone uses through the day (issue 21: selling, finding, adding, counting; not the
 * owner's reports and settings): the stock lists drawn as cards, the item page, Add Item, clients, the two quick
 * entries, invoices and the stock-take. At 390 × 844 axe runs every rule on these.
 */
const PHONE_DAY = [
  /^\/dashboard$/,
  /^\/stock\/watches$/,
  /^\/inventory\/all$/,
  /^\/inventory\/item\/\d+$/,
  /^\/inventory\/add$/,
  /^\/inventory\/stock-take$/,
  /^\/clients$/,
  /^\/expenses$/,
  /^\/quicksales$/,
  /^\/invoices$/,
];

interface Sweep {
  size: Size;
  theme: Theme;
  /** The axe rules run on a route: every rule (undefined), only `rules`, or none (null). */
  axe: (path: string) => readonly string[] | undefined | null;
  /** How each route after the sweep's first is reached (support/app-routes.ts): the first is always loaded. */
  opening: RouteOpening;
}

/**
 * Each route is drawn three times:
 * - 1280 × 800, dark (SPEC §4's default theme): every axe rule and the layout;
 * - 1280 × 800, light: axe's colour rules (COLOUR_RULES) and the layout. A theme changes colours only: the two
 *   differ in their colour tokens and shadow (platform/src/theme/tokens.ts), not in markup, names, roles, focus
 *   order or size (the user menu's switch names the theme it goes to: its only words that change), which is
 *   what every other axe rule judges; the layout check costs ~10 ms a route beside ~1 s to draw it, so it runs
 *   in both themes;
 * - 390 × 844, dark: the layout (cards, nothing wider than the phone) everywhere, and every axe rule on the
 *   screens of a phone's working day (PHONE_DAY). Sizes differ in CSS only (no screen renders other markup at
 *   another width), but colour contrast, target size, scrolling regions and what is hidden do differ, so those
 *   screens get the whole audit at this size too.
 * The first sweep loads each route as a new document (its address opened); the other two reach each route in the
 * app from the one before, as a person moves through it (support/app-routes.ts: `in-app`), so a screen is judged
 * both ways, and one that draws only when freshly loaded, or only when reached from another, is caught. A new
 * document costs Chromium ~0.26 s of CPU more a route (~100 routes a run).
 */
const SWEEPS: Sweep[] = [
  { size: 'laptop', theme: 'dark', axe: () => undefined, opening: 'load' },
  { size: 'laptop', theme: 'light', axe: () => COLOUR_RULES, opening: 'in-app' },
  {
    size: 'phone',
    theme: 'dark',
    axe: (path) => (PHONE_DAY.some((day) => day.test(path)) ? undefined : null),
    opening: 'in-app',
  },
];

/** Both checks on the page as drawn now; the problems, each named by route, size and theme. */
async function judge(page: Page, route: AppRoute, sweep: Sweep, found: string[]): Promise<void> {
  const { width, height } = SIZES[sweep.size];
  const where = `${route.path} at ${width}×${height}, ${sweep.theme}`;
  for (const problem of await layoutProblems(page, route, sweep.size)) found.push(`${where}: ${problem}`);
  const rules = sweep.axe(route.path);
  if (rules === null) return;
  const violations = await seriousViolations(page, where, undefined, rules);
  if (violations.length > 0) found.push(formatViolations(violations));
}

describe('every route: accessibility (axe-core) and layout (issue 21, item 1) on one drawing', () => {
  for (const sweep of SWEEPS) {
    const { width, height } = SIZES[sweep.size];
    const audit =
      sweep.size === 'phone'
        ? "every rule on a phone's working-day screens"
        : sweep.theme === 'dark'
          ? 'every rule'
          : 'the colour rules';
    browserTest(
      `at ${width}×${height} in the ${sweep.theme} theme: no serious or critical axe violation (${audit}), nothing wider than its box, no short word broken, stock rows fit`,
      async (kit) => {
        const found: string[] = [];
        const options = { viewport: SIZES[sweep.size], initScript: themeScript(sweep.theme) };

        const anonymous = await kit.newPage(options);
        await anonymous.goto('/login');
        await signInButton(anonymous).waitFor();
        await judge(anonymous, { path: '/login', heading: '' }, sweep, found);
        await anonymous.close();

        // Every route of the shell and the remotes (support/app-routes.ts): SPEC §2's, and the newer screens.
        const page = await kit.newPage({ ...options, as: demo.platinum });
        let loaded = false;
        for (const route of await appRoutes(api)) {
          // A screen that does not draw is reported with the rest rather than hiding every later route; the
          // route after it is loaded, not reached from a screen that may not be there.
          const opening: RouteOpening = loaded ? sweep.opening : 'load';
          const opened: string | null | undefined = await openRoute(page, route, opening).then(
            () => null,
            (error: Error) => error.message.split('\n')[0],
          );
          loaded = opened === null;
          if (opened !== null) {
            found.push(
              `${route.path} at ${width}×${height}, ${sweep.theme}: did not draw (${opened}, ${opening === 'load' ? 'loaded' : 'reached in the app'})`,
            );
            continue;
          }
          expect([route.path, await page.evaluate(() => document.documentElement.dataset.theme)]).toEqual([
            route.path,
            sweep.theme,
          ]);
          await judge(page, route, sweep, found);
        }
        if (found.length > 0) throw new Error(`${found.length} problems:\n${found.join('\n')}`);
      },
      // ~50 routes, each drawn and judged: over 300 s on a shared machine at a load of 30.
      600_000,
    );
  }
});
