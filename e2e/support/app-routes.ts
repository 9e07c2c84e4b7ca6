import type { APIRequestContext, Page } from 'playwright-core';
import { listClients } from './clients';
import { listItems } from './inventory';
import { timed } from './timing';
import { heading, loadingDone, trackApiCalls } from './ui';

/** A route of the app as the platinum owner sees it, with the h1 its screen shows once drawn. */
export interface AppRoute {
  path: string;
  heading: string | RegExp;
  /** One of the stock lists (SPEC §2 and issue 14): its rows are held to the row height of issue 21. */
  stockList?: boolean;
}

async function firstId(api: APIRequestContext, path: string): Promise<number> {
  const answer = await api.get(`/api/api/${path}/?page_size=10`);
  if (!answer.ok()) throw new Error(`GET ${path} answered ${answer.status()}: ${await answer.text()}`);
  const [first] = ((await answer.json()) as { results: Array<{ id: number }> }).results;
  if (!first) throw new Error(`the demo data has no ${path} to open`);
  return first.id;
}

/**
 * Every signed-in route of the app: the shell's own (dashboard, its statistics tab, unauthorized) and every
 * route of every remote's routes.tsx (remote-auth, -inventory, -clients, -finance, -admin, -workshop, -online), the ones with an id
 * opened on a record of the demo data. A route whose remote failed to load shows no such heading, so cannot pass.
 */
export async function appRoutes(api: APIRequestContext): Promise<AppRoute[]> {
  const [item] = (await listItems(api, { page_size: '10' })).results;
  const [client] = (await listClients(api, { page_size: '10' })).results;
  if (!item || !client) throw new Error('the demo data has no item or no client to open');
  const [purchase, deal, stockTake, job, enquiry] = await Promise.all([
    firstId(api, 'purchases'),
    firstId(api, 'deals'),
    firstId(api, 'stock-takes'),
    firstId(api, 'workshop/jobs'),
    firstId(api, 'enquiries'),
  ]);
  return [
    // The shell.
    { path: '/dashboard', heading: 'Dashboard' },
    { path: '/dashboard?tab=stats', heading: 'Dashboard' },
    { path: '/unauthorized', heading: 'Unauthorized' },
    // remote-auth.
    { path: '/account/settings', heading: 'Account Settings' },
    { path: '/profile/settings', heading: 'Profile Settings' },
    // remote-inventory.
    { path: '/stock/watches', heading: 'Inventory - Watches', stockList: true },
    { path: '/stock/jewellery', heading: 'Inventory - Jewellery', stockList: true },
    { path: '/stock/accessories', heading: 'Inventory - Accessories', stockList: true },
    { path: '/inventory/all', heading: 'All Inventory Stock', stockList: true },
    { path: '/inventory/available', heading: 'In Stock', stockList: true },
    { path: '/inventory/checked-out', heading: 'Checked Out', stockList: true },
    { path: '/inventory/manage', heading: 'Manage Inventory', stockList: true },
    { path: '/inventory/add', heading: 'Add Inventory Item' },
    { path: `/inventory/edit/${item.id}`, heading: 'Edit Inventory Item' },
    {
      path: `/inventory/item/${item.id}`,
      heading: new RegExp(item.serial.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    },
    { path: `/inventory/labels?ids=${item.id}`, heading: 'Print Labels' },
    { path: '/inventory/stock-take', heading: 'Stock Take' },
    { path: `/inventory/stock-take/${stockTake}`, heading: /Stock Take/ },
    // remote-clients.
    { path: '/clients', heading: 'Clients' },
    { path: '/clients/add', heading: 'Add Client' },
    { path: `/clients/edit/${client.id}`, heading: 'Edit Client' },
    // remote-finance.
    { path: '/expenses', heading: 'Add Expense' },
    { path: '/quicksales', heading: 'Add Quick Sale' },
    { path: '/expenselist', heading: 'Expense List' },
    { path: '/reports', heading: 'Reports' },
    { path: '/reports/margins', heading: 'Margin by Brand' },
    { path: '/reports/stock-book', heading: 'Stock Book' },
    { path: '/invoices', heading: 'Invoices' },
    { path: '/compliance', heading: 'Compliance' },
    { path: '/deals', heading: 'Deals' },
    { path: '/deals/new', heading: 'New deal' },
    { path: `/deals/${deal}`, heading: /^Deal / },
    { path: '/purchases', heading: 'Purchases' },
    { path: '/purchases/new', heading: 'Buy In' },
    { path: `/purchases/${purchase}`, heading: /^Purchase / },
    // remote-admin.
    { path: '/management/gold', heading: 'Gold Management' },
    { path: '/management/silver', heading: 'Silver Management' },
    { path: '/activity', heading: 'Activity' },
    { path: '/settings/shop', heading: 'Shop Settings' },
    { path: '/settings/catalogue', heading: 'Catalogue' },
    { path: '/settings/outbox', heading: 'Outbox' },
    // remote-workshop (issue 23).
    { path: '/workshop', heading: 'Workshop' },
    { path: '/workshop/list', heading: 'Workshop jobs' },
    { path: '/workshop/new', heading: 'New job' },
    { path: `/workshop/jobs/${job}`, heading: /^Job JOB-/ },
    { path: '/workshop/uncollected', heading: 'Uncollected pieces' },
    // remote-online (issue 24).
    { path: '/online/enquiries', heading: 'Enquiries' },
    { path: `/online/enquiries/${enquiry}`, heading: /^Enquiry from / },
    { path: '/online/channels', heading: 'Online Selling' },
    { path: '/online/reports', heading: 'Chrono24 sale reports' },
  ];
}

/**
 * How a route is reached: `load`, a new document at its address (a link opened, a bookmark, a reload); `in-app`,
 * through the router's history from the screen the page shows now, as a link inside the app is followed (the app
 * must already be loaded in the page). In-app, the shell and the remotes' scripts are not fetched, compiled and
 * run again: in Chromium ~0.07 s of CPU a route against ~0.33 s for a new document (eight routes, measured).
 */
export type RouteOpening = 'load' | 'in-app';

/** Opens `route` and waits until its screen has drawn: its h1 is there, its API calls answered, no Loading…. */
export async function openRoute(
  page: Page,
  route: Pick<AppRoute, 'path' | 'heading'>,
  opening: RouteOpening = 'load',
): Promise<void> {
  await timed('navigate', route.path, () => drawRoute(page, route, opening));
}

async function drawRoute(
  page: Page,
  route: Pick<AppRoute, 'path' | 'heading'>,
  opening: RouteOpening,
): Promise<void> {
  const calls = trackApiCalls(page);
  if (opening === 'load') {
    await page.goto(route.path);
  } else {
    // What the router does for a followed link (react-router's BrowserRouter reads location on popstate).
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, route.path);
  }
  const title =
    typeof route.heading === 'string'
      ? heading(page, route.heading)
      : page.getByRole('heading', { level: 1, name: route.heading });
  await title.first().waitFor({ timeout: 20_000 });
  await calls.settled(400);
  await loadingDone(page);
}
