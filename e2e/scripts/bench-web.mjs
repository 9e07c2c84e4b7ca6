#!/usr/bin/env node
/* global document -- the waitForFunction callbacks run in the page */
// `npm run bench:web`: how heavy and how fast the composed production app is for a first visit.
// Starts the app as `npm start` does (fresh data folder, free ports), then in Debian's Chromium measures a cold
// load of /login and of /dashboard after sign-in (JS bytes gzipped, request count, time to the first useful
// element) and the first navigation into a remote that the page has not loaded yet. Prints numbers, asserts
// nothing. RUNS=5 npm run bench:web for more samples (medians are printed).
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const { startApp } = require('../support/app-instance.cjs');

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LOGIN_BUDGET_BYTES = 200 * 1000; // "200 KB" of gzipped JavaScript
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3) || 3);
const ACCOUNT = { username: 'platinum', password: 'loupe-demo-2026' };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;

/**
 * Records every response of a page: JS bodies are gzipped here (level 6, what servers use) unless the server
 * already sent them compressed, in which case the bytes on the wire are what counts.
 */
function recordTraffic(page) {
  const pending = [];
  const traffic = { requests: 0, js: [], origins: new Set(), lastRequestAt: performance.now() };
  page.on('request', () => {
    traffic.requests += 1;
    traffic.lastRequestAt = performance.now();
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    traffic.origins.add(url.origin);
    const type = response.request().resourceType();
    const isJs = type === 'script' || /\.m?js$/.test(url.pathname);
    if (!isJs || response.status() >= 300) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return;
        const encoding = (await response.headerValue('content-encoding').catch(() => null)) ?? '';
        let wire = gzipSync(body, { level: 6 }).length;
        if (/gzip|br|deflate|zstd/.test(encoding)) {
          const sizes = await response
            .request()
            .sizes()
            .catch(() => null);
          if (sizes) wire = sizes.responseBodySize;
        }
        traffic.js.push({ url: response.url(), raw: body.length, gzip: wire, encoding });
      })(),
    );
  });
  // Playwright's 'networkidle' never comes here: the platform client does not read the body of /api/csrf/,
  // so Chromium keeps that request open. "No new request for 500 ms" is what matters for counting.
  traffic.settle = async () => {
    while (performance.now() - traffic.lastRequestAt < 500) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(pending);
  };
  traffic.jsGzip = () => traffic.js.reduce((sum, f) => sum + f.gzip, 0);
  traffic.jsRaw = () => traffic.js.reduce((sum, f) => sum + f.raw, 0);
  return traffic;
}

async function coldLogin(browser, baseUrl) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const traffic = recordTraffic(page);
  const started = performance.now();
  await page.goto('/login', { waitUntil: 'commit' });
  await page
    .getByRole('button', { name: 'Sign in', exact: true })
    .waitFor({ state: 'visible', timeout: 30_000 });
  const signInVisible = performance.now() - started;
  await traffic.settle();

  // Sign in through the form: the cookies are what the dashboard's cold load starts from.
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNT.username);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
  const storageState = await context.storageState();
  await context.close();
  return {
    signInVisible,
    requests: traffic.requests,
    jsGzip: traffic.jsGzip(),
    jsRaw: traffic.jsRaw(),
    jsFiles: traffic.js.length,
    js: traffic.js,
    storageState,
  };
}

async function coldDashboard(browser, baseUrl, storageState) {
  // A new context has an empty HTTP cache: everything is fetched again, only the session cookie is kept.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    storageState,
  });
  const page = await context.newPage();
  const traffic = recordTraffic(page);
  const started = performance.now();
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Dashboard', level: 1, exact: true }).waitFor({ timeout: 30_000 });
  const heading = performance.now() - started;
  // Widgets come from three remotes. Done when every source has answered (no "Loading dashboard..." spinner)
  // and either a widget is on screen or the open tab says it has none.
  const widgetCount = await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        const tablist = main?.querySelector('[role="tablist"]');
        if (!main || !tablist) return false;
        if (
          Array.from(main.querySelectorAll('[role="status"]')).some(
            (s) => s.textContent === 'Loading dashboard...',
          )
        ) {
          return false;
        }
        const topGrid = tablist.parentElement?.previousElementSibling;
        const top = topGrid?.tagName === 'DIV' ? topGrid.children.length : 0;
        const panel = main.querySelector('[role="tabpanel"]:not([hidden])');
        const inTab = panel?.querySelector(':scope > div')?.children.length ?? 0;
        const empty = /^No \w+ widgets to show\.$/.test(panel?.textContent?.trim() ?? '');
        return top + inTab > 0 || empty ? { widgets: top + inTab } : false;
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    )
    .then((handle) => handle.jsonValue());
  const settled = performance.now() - started;
  await traffic.settle();
  const dashboard = {
    heading,
    settled,
    widgetCount,
    requests: traffic.requests,
    jsGzip: traffic.jsGzip(),
    jsRaw: traffic.jsRaw(),
    jsFiles: traffic.js.length,
  };

  // First navigation into a remote this page has not loaded at all: the admin remote (Gold Management).
  const before = new Set(traffic.origins);
  const menuStart = performance.now();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^\s*platinum/ })
    .click();
  await page.getByRole('menuitem', { name: 'Gold Management', exact: true }).click();
  await page
    .getByRole('heading', { name: 'Gold Management', level: 1, exact: true })
    .waitFor({ timeout: 30_000 });
  const adminRemote = performance.now() - menuStart;
  const adminWasNew = [...traffic.origins].some((origin) => !before.has(origin));

  // And a remote whose container the dashboard already loaded (for widgets) but whose screens it has not.
  const watchesStart = performance.now();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Watches', exact: true })
    .click();
  await page
    .getByRole('heading', { name: 'Inventory - Watches', level: 1, exact: true })
    .waitFor({ timeout: 30_000 });
  const inventoryScreens = performance.now() - watchesStart;

  await context.close();
  return { dashboard, adminRemote, adminWasNew, inventoryScreens };
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Starting the production app (fresh data folder)…');
  const app = await startApp({ label: 'bench' });
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    // One unmeasured round: the app's first answers (database pages, file system) are not what a visitor sees.
    const warm = await coldLogin(browser, app.baseUrl);
    await coldDashboard(browser, app.baseUrl, warm.storageState);

    const logins = [];
    const dashboards = [];
    for (let run = 0; run < RUNS; run += 1) {
      const login = await coldLogin(browser, app.baseUrl);
      logins.push(login);
      dashboards.push(await coldDashboard(browser, app.baseUrl, login.storageState));
    }

    const login = logins[0];
    const dash = dashboards[0].dashboard;
    const hasWidgets = dash.widgetCount.widgets > 0;
    const loginJs = median(logins.map((l) => l.jsGzip));

    console.log(
      `\nLoupe web benchmark — ${app.baseUrl}, Chromium headless, cold cache, ${RUNS} run(s), medians\n`,
    );
    console.log('Cold load of /login');
    console.log(
      `  JS transferred (gzip)          ${kb(loginJs)}  (${kb(login.jsRaw)} uncompressed, ${login.jsFiles} files)`,
    );
    console.log(`  requests                       ${median(logins.map((l) => l.requests))}`);
    console.log(`  time to "Sign in" visible      ${ms(median(logins.map((l) => l.signInVisible)))}`);
    console.log(
      `  200 KB gzipped-JS budget       ${loginJs <= LOGIN_BUDGET_BYTES ? 'WITHIN' : 'OVER'} ` +
        `(${kb(loginJs)} of ${kb(LOGIN_BUDGET_BYTES)})`,
    );
    const largest = [...login.js].sort((x, y) => y.gzip - x.gzip).slice(0, 5);
    console.log('  largest JS files (gzip)');
    for (const file of largest) {
      const url = new URL(file.url);
      console.log(
        `    ${kb(file.gzip).padStart(9)}  ${url.port === new URL(app.baseUrl).port ? 'shell' : `:${url.port}`}${url.pathname}`,
      );
    }
    console.log('\nCold load of /dashboard after sign-in');
    console.log(
      `  JS transferred (gzip)          ${kb(median(dashboards.map((d) => d.dashboard.jsGzip)))}  ` +
        `(${kb(dash.jsRaw)} uncompressed, ${dash.jsFiles} files)`,
    );
    console.log(`  requests                       ${median(dashboards.map((d) => d.dashboard.requests))}`);
    console.log(`  time to "Dashboard" heading    ${ms(median(dashboards.map((d) => d.dashboard.heading)))}`);
    console.log(
      `  time to dashboard content      ${ms(median(dashboards.map((d) => d.dashboard.settled)))}  ` +
        (hasWidgets
          ? `(first widget on screen; ${dash.widgetCount.widgets} widget(s) once every source answered)`
          : '(no remote contributes a widget yet: measured until every widget source answered and the ' +
            'dashboard content — banner, tabs — was rendered)'),
    );
    console.log('\nFirst navigation into a not-yet-loaded remote (from the dashboard)');
    console.log(
      `  user menu → Gold Management    ${ms(median(dashboards.map((d) => d.adminRemote)))}  ` +
        `(remote_admin${dashboards[0].adminWasNew ? ', fetched from its own origin' : ''}: manifest, entry, chunks)`,
    );
    console.log(
      `  sidebar → Watches              ${ms(median(dashboards.map((d) => d.inventoryScreens)))}  ` +
        '(remote_inventory: container already loaded for widgets, its screens not)',
    );
    console.log(
      `\nAll runs (ms): sign-in visible ${logins.map((l) => Math.round(l.signInVisible)).join(', ')}; ` +
        `dashboard content ${dashboards.map((d) => Math.round(d.dashboard.settled)).join(', ')}; ` +
        `gold management ${dashboards.map((d) => Math.round(d.adminRemote)).join(', ')}`,
    );
  } finally {
    await browser?.close();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
