import { startApp, type AppInstance } from '../support/app-instance.cjs';
import type { Account } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { openRoute } from '../support/app-routes';
import { browserSuite } from '../support/browser';
import { addClient } from '../support/clients';
import { createItem, type ApiItem } from '../support/inventory';
import { timed } from '../support/timing';
import { signInButton } from '../support/ui';
import {
  checkScreenshot,
  stillPageScript,
  themeInitScript,
  updating,
  VISUAL_SIZES,
  type VisualSize,
  type VisualTheme,
} from '../support/visual';

// Issue 21 item 8: the main routes at a laptop's 1280 × 800 and a phone's 390 × 844, in both themes, compared
// with the committed baselines in e2e/visual-baselines/, so that a layout that overflows or clips fails CI.
// Regenerate them (after a deliberate change of the layout) with `npm run visual:update -w @loupe/e2e`.
//
// What is photographed must not change from one day to the next: the demo data is made relative to today, so
// this file runs its own app instance with one shop and no demo data, and files a fixed stock, client and sale
// (fixed serials, prices and dates) through the API. What still depends on today (dates of "now", day counts)
// is masked (support/visual.ts, markDynamic).

const owner: Account = { username: 'visual-owner', password: 'Bezel-Lume-Crystal-2026' };
const SHOP = 'Visual Regression Jewellers';

let app: AppInstance | undefined;
let itemId = 0;

function instance(): AppInstance {
  if (!app) throw new Error('the app instance did not start');
  return app;
}

/**
 * The fixed stock: four watches bought for cash in early 2026 (each under the €10,000 cash threshold of MLR 2017
 * reg. 14(1)(b), so no due diligence is asked), the Patek sold in February (so an invoice exists).
 */
const STOCK = [
  {
    serial: 'VR-ROLEX-0001',
    brand: 'Rolex',
    model: 'Submariner',
    on: '2026-01-12',
    cost: '7800',
    retail: '10950',
  },
  {
    serial: 'VR-OMEGA-0002',
    brand: 'Omega',
    model: 'Speedmaster',
    on: '2026-01-20',
    cost: '4100',
    retail: '5950',
  },
  {
    serial: 'VR-CARTIER-0003',
    brand: 'Cartier',
    model: 'Santos',
    on: '2026-02-03',
    cost: '5200',
    retail: '6900',
  },
  {
    serial: 'VR-PATEK-0004',
    brand: 'Patek Philippe',
    model: 'Calatrava',
    on: '2026-02-10',
    cost: '8400',
    retail: '11800',
  },
] as const;

beforeAll(async () => {
  app = await timed('app', 'visual', () =>
    startApp({ label: 'visual', users: [owner], shops: [{ name: SHOP, owner: owner.username }] }),
  );
  const api = await apiSignIn(app.baseUrl, owner);
  try {
    const client = await addClient(api, {
      name: 'Eleanor Whitcombe',
      email: 'eleanor.whitcombe@example.co.uk',
      phone: '020 7946 0321',
    });
    const items: ApiItem[] = [];
    for (const piece of STOCK) {
      items.push(
        await createItem(api, {
          serial: piece.serial,
          stockType: 'Watches',
          brand: piece.brand,
          model: piece.model,
          purchasedOn: piece.on,
          retailPrice: piece.retail,
          transactions: [{ type: 'cash', amount: piece.cost }],
        }),
      );
    }
    itemId = items[0]!.id;
    const patek = items[3]!;
    const sold = await apiSend(api, 'POST', `/api/api/items/${patek.id}/sell/`, {
      price: '11250',
      paymentMethod: 'Bank Transfer',
      clientId: client.id,
      date: '2026-02-21',
    });
    if (!sold.ok()) throw new Error(`selling ${patek.serial}: ${sold.status()} ${await sold.text()}`);
  } finally {
    await api.dispose();
  }
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

interface VisualRoute {
  name: string;
  path: string;
  heading: string | RegExp;
}

/** The main routes of issue 21 item 8 (login is photographed signed out). */
const routes = (): VisualRoute[] => [
  { name: 'dashboard', path: '/dashboard', heading: 'Dashboard' },
  { name: 'stock-watches', path: '/stock/watches', heading: 'Inventory - Watches' },
  { name: 'item', path: `/inventory/item/${itemId}`, heading: /VR-ROLEX-0001/ },
  { name: 'clients', path: '/clients', heading: 'Clients' },
  { name: 'invoices', path: '/invoices', heading: 'Invoices' },
  { name: 'buy-in', path: '/purchases/new', heading: 'Buy In' },
  // The stock book of a fixed period (its default, this VAT quarter, moves with today).
  {
    name: 'stock-book',
    path: '/reports/stock-book?period=custom&from=2026-01-01&to=2026-03-31',
    heading: 'Stock Book',
  },
];

const browserTest = browserSuite();

const COMBINATIONS: Array<[VisualSize, VisualTheme]> = [
  ['laptop', 'light'],
  ['laptop', 'dark'],
  ['phone', 'light'],
  ['phone', 'dark'],
];

describe(`visual regression of the main routes${updating() ? ' (updating the baselines)' : ''}`, () => {
  for (const [size, theme] of COMBINATIONS) {
    browserTest(
      `login, dashboard, stock list, item, clients, invoices, Buy In and stock book match their baselines at ${size} ${VISUAL_SIZES[size].width}×${VISUAL_SIZES[size].height} in the ${theme} theme`,
      async (kit) => {
        const options = {
          baseUrl: instance().baseUrl,
          viewport: VISUAL_SIZES[size],
          initScript: `${themeInitScript(theme)}\n${stillPageScript}`,
        };
        const mismatches: string[] = [];

        const anonymous = await kit.newPage(options);
        await anonymous.goto('/login');
        await signInButton(anonymous).waitFor();
        const login = await checkScreenshot(anonymous, { name: 'login', path: '/login', size, theme });
        if (login) mismatches.push(login);
        await anonymous.close();

        // One signed-in page for every route of this size and theme.
        const page = await kit.newPage({ ...options, as: owner });
        for (const route of routes()) {
          await openRoute(page, route);
          const mismatch = await checkScreenshot(page, { name: route.name, path: route.path, size, theme });
          if (mismatch) mismatches.push(mismatch);
        }

        if (mismatches.length > 0) {
          throw new Error(
            `${mismatches.length} screenshot(s) do not match their baseline (if the change is intended, run npm run visual:update -w @loupe/e2e and look at the new PNGs):\n  ${mismatches.join('\n  ')}`,
          );
        }
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      },
      240_000,
    );
  }
});
