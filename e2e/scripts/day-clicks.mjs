#!/usr/bin/env node
/* global window, document, getComputedStyle, requestAnimationFrame -- the callbacks of evaluate, waitForFunction and addInitScript run in the page */
// `npm run day-clicks -w @loupe/e2e -- [base URL] [--ui=after|before] [--size=laptop|phone] [--shots=DIR]`
//
// Issue 21's "Done when": the clicks a person makes for one day's work in the shop — add a watch, print its label,
// find it, sell it with an invoice, enter an expense, a quick sale, and a stock-take of three items — counted, not
// estimated. The script drives Debian's Chromium (playwright-core, /usr/bin/chromium, never a downloaded browser)
// against an app that is already running (default http://localhost:8080, the demo data of `npm start`), signed in
// through the form as the demo owner `platinum`, at 1280 × 800 (--size=phone: 390 × 844, where the sidebar is a
// drawer and the search box is tapped). Every action goes through one wrapper (`Tally`) that does it the way a
// person does — elements found by role and label, as the browser tests find them — and counts it:
//   click   a click or tap (a link, a button, a menu entry, an option of a type-ahead list, a tab); choosing in a
//           native drop-down (<select>) is also counted as one click, though a mouse takes two (open, choose)
//   field   a text field typed into (however many characters)
//   key     a key pressed on its own: Enter to submit a scan or a search, `/` to reach the search box
//   scroll  the page or a box in it (a table wider than its card) scrolled to bring the next control into view:
//           counted before a click or a field whose element is outside the window or clipped by a scrolling box
// Nothing is counted twice and nothing else is done on the page: the data the day needs that is not part of the
// work (the client who buys, the three items the stock-take counts) is made through the API first.
//
// --ui=after (default) walks today's screens (item page, one search, Sell with a ⋯ menu, issue 21). --ui=before
// walks the screens as they were before issue 21's work (commit 64bd52b): search opens the Edit form, a stock
// row carries its own Sell, Checkout, Promote and Edit buttons, and there is no item page.
// --shots=DIR saves the stock list and the item page (before: the Edit form the search opened) at 1280 × 800 and
// 390 × 844 (the first screen, what a person sees without scrolling) as day-<ui>-<screen>-<size>.png in DIR.
// Prints one row per task and the total; exits 1 when a step could not be done (the app changed under it).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium, request } from 'playwright-core';

const { CHROMIUM_ARGS, CHROMIUM_PATH } = createRequire(import.meta.url)('../support/chromium.cjs');
const ACCOUNT = { username: 'platinum', password: 'loupe-demo-2026' };
const LAPTOP = { width: 1280, height: 800 };
/** Where a failed walk leaves its screenshot, as the browser suite's failures do (not committed). */
const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts');
const PHONE = { width: 390, height: 844 };

const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseUrl = (args.find((arg) => !arg.startsWith('--')) ?? 'http://localhost:8080').replace(/\/$/, '');
const ui = option('ui') ?? 'after';
if (ui !== 'after' && ui !== 'before') throw new Error(`--ui must be after or before, not ${ui}`);
const shotsDir = option('shots');
const size = option('size') ?? 'laptop';
if (size !== 'laptop' && size !== 'phone') throw new Error(`--size must be laptop or phone, not ${size}`);
const VIEWPORT = size === 'phone' ? PHONE : LAPTOP;
const SIZE_NAME = `${VIEWPORT.width} × ${VIEWPORT.height}`;

/** Counts what a person does, per task, through the only functions the tasks use to touch the page. */
class Tally {
  constructor(page) {
    this.page = page;
    /** @type {Array<{ task: string, clicks: number, fields: number, keys: number, scrolls: number, steps: string[] }>} */
    this.rows = [];
  }

  get row() {
    const row = this.rows.at(-1);
    if (!row) throw new Error('no task started');
    return row;
  }

  task(name) {
    this.rows.push({ task: name, clicks: 0, fields: 0, keys: 0, scrolls: 0, steps: [] });
  }

  /**
   * Whether `locator` can be seen where it is: inside the window and inside every scrolling box around it (a
   * table wider than its card). If not, the person scrolls to it first — counted once, sideways or down/up.
   */
  async reach(locator, what) {
    const hidden = await locator.evaluate(async (element) => {
      // Once it stands still: a drawer or a dialog sliding in is not a place a person scrolls to.
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let rect = element.getBoundingClientRect();
      for (let still = 0, i = 0; still < 3 && i < 120; i += 1) {
        await frame();
        const next = element.getBoundingClientRect();
        still = next.left === rect.left && next.top === rect.top ? still + 1 : 0;
        rect = next;
      }
      const clips = [{ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }];
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
          clips.push(box.getBoundingClientRect());
      }
      const sideways = clips.some((c) => rect.left < c.left - 1 || rect.right > c.right + 1);
      const vertical = clips.some((c) => rect.top < c.top - 1 || rect.bottom > c.bottom + 1);
      return sideways ? 'sideways' : vertical ? 'down' : null;
    });
    if (!hidden) return;
    await locator.scrollIntoViewIfNeeded();
    this.row.scrolls += 1;
    this.row.steps.push(`scroll ${hidden} to ${what}`);
  }

  async click(locator, what) {
    await locator.waitFor();
    await this.reach(locator, what);
    await locator.click();
    this.row.clicks += 1;
    this.row.steps.push(`click ${what}`);
  }

  /** A click that starts a download (an invoice, a label sheet): the file is accepted and its name kept. */
  async clickDownload(locator, what) {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.click(locator, what)]);
    this.row.steps[this.row.steps.length - 1] += ` (downloads ${download.suggestedFilename()})`;
    await download.delete();
  }

  /** A choice in a native drop-down: one click (a mouse needs two, a keyboard a few keys). */
  async choose(select, label, what) {
    await select.waitFor();
    await this.reach(select, what);
    await select.selectOption({ label });
    this.row.clicks += 1;
    this.row.steps.push(`choose ${what}: ${label}`);
  }

  async fill(locator, value, what) {
    await locator.waitFor();
    await this.reach(locator, what);
    await locator.fill(value);
    this.row.fields += 1;
    this.row.steps.push(`type ${what}: ${value}`);
  }

  async press(key, what, locator) {
    if (locator) await locator.press(key);
    else await this.page.keyboard.press(key);
    this.row.keys += 1;
    this.row.steps.push(`key ${key}${what ? ` (${what})` : ''}`);
  }

  /** Typing into whatever has focus (after a shortcut put it there): one field. */
  async type(value, what) {
    await this.page.keyboard.type(value);
    this.row.fields += 1;
    this.row.steps.push(`type ${what}: ${value}`);
  }
}

// ---- The API, for what the day needs and is not part of the work (never counted) ----

async function csrf(api) {
  const state = await api.storageState();
  let token = state.cookies.find((c) => c.name === 'csrftoken')?.value;
  if (!token) {
    await api.get('/api/csrf/');
    token = (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value;
  }
  if (!token) throw new Error('the server set no csrftoken cookie');
  return token;
}

async function post(api, url, data) {
  const answer = await api.post(url, { data, headers: { 'X-CSRFToken': await csrf(api) } });
  if (!answer.ok()) throw new Error(`POST ${url} answered ${answer.status()}: ${await answer.text()}`);
  return answer.json();
}

/** A client to sell to and three watches in a tray of their own for the stock-take. */
async function prepare(run) {
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    await post(api, '/api/token/', ACCOUNT);
    const client = await post(api, '/api/api/clients/', {
      name: `Harriet Day ${run}`,
      email: `harriet.day.${run.toLowerCase()}@example.com`,
    });
    const location = `Tray ${run}`;
    const counted = [];
    for (const [i, model] of ['Explorer', 'Datejust', 'Submariner'].entries()) {
      const serial = `DAY-${run}-T${i + 1}`;
      await post(api, '/api/api/items/', {
        serial,
        stockType: 'Watches',
        brand: 'Rolex',
        model,
        location,
        retailPrice: '8000',
        transactions: [{ type: 'cash', amount: '6000' }],
      });
      counted.push(serial);
    }
    return { client: client.name, location, counted };
  } finally {
    await api.dispose();
  }
}

// ---- Helpers shared by both walks ----

const sidebarLink = (page, name) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
/**
 * A screen of the sidebar. On a phone the sidebar is a drawer behind the top bar's ☰ button, opened first (a
 * click); on a laptop the link is in view.
 */
async function navigate(t, page, name) {
  const opener = page.getByRole('banner').getByRole('button', { name: 'Open navigation', exact: true });
  if (await opener.isVisible()) await t.click(opener, 'Open navigation (☰)');
  await t.click(sidebarLink(page, name), `${name} (sidebar)`);
}
const heading = (page, name) => page.getByRole('heading', { level: 1, name, exact: true });
const main = (page) => page.getByRole('main');
const itemRow = (page, serial) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) }) });

/** Waits for `action`'s POST to an API path containing `resource` and for its success (else throws). */
async function saving(page, resource, action) {
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.includes(resource),
    ),
    action,
  ]);
  if (!answer.ok()) throw new Error(`saving answered ${answer.status()}: ${await answer.text()}`);
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNT.username);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await heading(page, 'Dashboard').waitFor();
}

/** Add Item's form, the same in both versions: serial, brand, model, listing price and one cash line. */
async function addWatch(t, page, serial) {
  t.task('Add a watch');
  await navigate(t, page, 'Add Item');
  await heading(page, 'Add Inventory Item').waitFor();
  await t.fill(page.getByLabel('Serial Number', { exact: true }), serial, 'Serial Number');
  await t.choose(page.getByLabel('Brand', { exact: true }), 'Rolex', 'Brand');
  const model = page.getByLabel('Model', { exact: true });
  await model.locator('option', { hasText: 'GMT-Master' }).waitFor({ state: 'attached' });
  await t.choose(model, 'GMT-Master', 'Model');
  await t.fill(page.getByLabel('Retail Price (£)', { exact: true }), '7950', 'Retail Price');
  await t.click(page.getByRole('button', { name: 'Add Transaction', exact: true }), 'Add Transaction');
  const cash = page.getByRole('group', { name: 'Transaction 1' });
  await t.fill(cash.getByLabel('Amount', { exact: true }), '5900', 'cash line Amount');
  await saving(
    page,
    '/items',
    t.click(page.getByRole('button', { name: 'Add Item', exact: true }), 'Add Item'),
  );
  // Add Item leaves a stock list, newest first (before: Manage Inventory, "Just saved: …").
  await itemRow(page, serial).waitFor();
}

/** Add Item leaves a stock list, newest first: the new watch's row is picked and its label printed. */
async function label(t, page, serial) {
  t.task('Label');
  await t.click(
    itemRow(page, serial).getByRole('checkbox', { name: `Select ${serial}` }),
    "the row's checkbox",
  );
  await t.click(
    main(page).getByRole('link', { name: 'Print labels (1 selected)' }),
    'Print labels (1 selected)',
  );
  await heading(page, 'Print Labels').waitFor();
  await main(page)
    .getByRole('figure', { name: `Label ${serial}` })
    .waitFor();
  await t.click(main(page).getByRole('button', { name: 'Print', exact: true }), 'Print');
  await page.waitForFunction(() => window.__printed === true);
}

/** Confirm Sale; the dialog stays open on what was done (both versions): the invoice is downloaded, then Done. */
async function confirmSale(t, dialog, serial) {
  await t.click(dialog.getByRole('button', { name: 'Confirm Sale', exact: true }), 'Confirm Sale');
  await dialog.getByText(`${serial} is sold.`).waitFor();
  await t.clickDownload(dialog.getByRole('link', { name: /^Download invoice INV-/ }), 'Download invoice');
  await t.click(dialog.getByRole('button', { name: 'Done', exact: true }), 'Done');
  await dialog.waitFor({ state: 'detached' });
}

async function expense(t, page, run) {
  t.task('Expense');
  await navigate(t, page, 'Expenses');
  await heading(page, 'Add Expense').waitFor();
  const form = page.getByRole('form', { name: 'Add Expense' });
  await t.fill(form.getByLabel('Name', { exact: true }), `Courier ${run}`, 'Name');
  await t.fill(form.getByLabel('Amount', { exact: true }), '24.00', 'Amount');
  await saving(
    page,
    'expenses',
    t.click(form.getByRole('button', { name: 'Save Expense', exact: true }), 'Save Expense'),
  );
}

async function quickSale(t, page, run) {
  t.task('Quick sale');
  await navigate(t, page, 'Quick Sales');
  await heading(page, 'Add Quick Sale').waitFor();
  const form = page.getByRole('form', { name: 'Add Quick Sale' });
  await t.fill(form.getByLabel('Name', { exact: true }), `Battery ${run}`, 'Name');
  await t.fill(form.getByLabel('Amount', { exact: true }), '18.50', 'Amount');
  await saving(
    page,
    'quick',
    t.click(form.getByRole('button', { name: 'Save Quick Sale', exact: true }), 'Save Quick Sale'),
  );
  await page
    .getByRole('row')
    .filter({ hasText: `Battery ${run}` })
    .first()
    .waitFor();
}

async function stockTake(t, page, day) {
  t.task(`Stock-take of ${day.counted.length} items`);
  await navigate(t, page, 'Stock Take');
  await heading(page, 'Stock Take').waitFor();
  await t.click(main(page).getByRole('button', { name: 'Start count', exact: true }), 'Start count');
  const start = page.getByRole('dialog', { name: 'Start count' });
  await t.fill(start.getByLabel('Location', { exact: true }), day.location, 'Location');
  await t.click(start.getByRole('button', { name: 'Start count', exact: true }), 'Start count (dialog)');
  await page.waitForURL((url) => /\/inventory\/stock-take\/\d+$/.test(url.pathname));
  const serial = main(page).getByLabel('Serial', { exact: true });
  for (const [i, scanned] of day.counted.entries()) {
    await t.fill(serial, scanned, 'Serial (scan)');
    await t.press('Enter', 'add the scan', serial);
    await main(page)
      .getByRole('tab', { name: `Found (${i + 1})` })
      .waitFor();
  }
  await t.click(main(page).getByRole('button', { name: 'Close count', exact: true }), 'Close count');
  const confirm = page.getByRole('dialog');
  await t.click(confirm.getByRole('button', { name: /^Close count/ }), 'Close count (confirm)');
  await confirm.waitFor({ state: 'detached' });
  await main(page).getByText('Closed', { exact: false }).first().waitFor();
}

// ---- Today's screens (issue 21) ----

async function dayAfter(t, page, day, run) {
  const serial = `DAY-${run}-W`;
  await addWatch(t, page, serial);

  await label(t, page, serial);

  t.task('Find it');
  // A laptop's keyboard has the shortcut; on a phone the box is tapped (its keyboard's Enter is the key).
  if (size === 'phone') await t.click(page.getByRole('combobox', { name: 'Search stock' }), 'Search stock');
  else await t.press('/', 'the search shortcut');
  await t.type(serial, 'Search stock');
  await t.press('Enter', 'open the exact serial');
  await page.waitForURL((url) => /^\/inventory\/item\/\d+$/.test(url.pathname));
  await page.getByRole('heading', { level: 1, name: new RegExp(serial) }).waitFor();
  if (shotsDir) await screenshots(page, 'item-page');

  t.task('Sell it with an invoice');
  const actions = page.getByRole('group', { name: 'Item actions' });
  await t.click(actions.getByRole('button', { name: 'Sell', exact: true }), 'Sell');
  const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
  const price = dialog.getByLabel('Sale Price (GBP)', { exact: true });
  await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
  const priced = await price.inputValue();
  if (priced.replace(/[£,]/g, '') !== '7950' && priced.replace(/[£,]/g, '') !== '7950.00') {
    throw new Error(`the Sell dialog opened with the price "${priced}", not the listing price 7,950`);
  }
  await sellToClient(t, page, dialog, serial, day, 'Client (optional)');
  await restOfDay(t, page, day, run);
}

// ---- The screens before issue 21 (64bd52b) ----

async function dayBefore(t, page, day, run) {
  const serial = `DAY-${run}-W`;
  await addWatch(t, page, serial);

  await label(t, page, serial);

  t.task('Find it');
  const box = page
    .getByRole('banner')
    .getByRole('searchbox')
    .or(page.getByRole('banner').getByRole('textbox'));
  await t.click(box.first(), 'the search box');
  await t.type(serial, 'Search');
  await t.press('Enter', 'search');
  await page.waitForURL((url) => /^\/inventory\/edit\/\d+$/.test(url.pathname));
  await heading(page, 'Edit Inventory Item').waitFor();
  if (shotsDir) await screenshots(page, 'edit-page');

  t.task('Sell it with an invoice');
  // The Edit form has no Sell: back to a stock list, where the row has it.
  await navigate(t, page, 'All Stock');
  await heading(page, 'All Inventory Stock').waitFor();
  await t.click(itemRow(page, serial).getByRole('button', { name: 'Sell', exact: true }), 'Sell (row)');
  const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
  const price = dialog.getByLabel(/^Sale Price/);
  await price.waitFor();
  const opened = await price.inputValue();
  await t.fill(price, '7950', `Sale Price (it opened ${opened ? `with "${opened}"` : 'empty'})`);
  await sellToClient(t, page, dialog, serial, day, /^Client/);
  await restOfDay(t, page, day, run);
}

/** The Sell dialog's client, typed and picked from its list, then the sale confirmed (both versions). */
async function sellToClient(t, page, dialog, serial, day, clientLabel) {
  await t.fill(dialog.getByRole('combobox', { name: clientLabel }), day.client, 'Client');
  await t.click(
    page.getByRole('option', { name: new RegExp(day.client) }).first(),
    `the client ${day.client}`,
  );
  await confirmSale(t, dialog, serial);
}

/** What is done the same way in both versions after the sale: expense, quick sale, stock-take, screenshots. */
async function restOfDay(t, page, day, run) {
  await expense(t, page, run);
  await quickSale(t, page, run);
  await stockTake(t, page, day);

  if (shotsDir) {
    await page.goto('/stock/watches');
    await heading(page, 'Inventory - Watches').waitFor();
    await screenshots(page, 'stock-list');
  }
}

/** The page as it is now at the laptop's and the phone's size (the same URL, a fresh draw), full length. */
async function screenshots(page, screen) {
  mkdirSync(shotsDir, { recursive: true });
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(600);
    const file = path.join(shotsDir, `day-${ui}-${screen}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    console.log(`saved ${file}`);
  }
  await page.setViewportSize(VIEWPORT);
}

function table(rows) {
  const total = rows.reduce(
    (sum, row) => ({
      clicks: sum.clicks + row.clicks,
      fields: sum.fields + row.fields,
      keys: sum.keys + row.keys,
      scrolls: sum.scrolls + row.scrolls,
    }),
    { clicks: 0, fields: 0, keys: 0, scrolls: 0 },
  );
  const lines = [
    '| Task | Clicks | Fields | Keys | Scrolls |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map((row) => `| ${row.task} | ${row.clicks} | ${row.fields} | ${row.keys} | ${row.scrolls} |`),
    `| **Day** | **${total.clicks}** | **${total.fields}** | **${total.keys}** | **${total.scrolls}** |`,
  ];
  return lines.join('\n');
}

async function main_() {
  const run = Date.now().toString(36).toUpperCase().slice(-6);
  const day = await prepare(run);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, acceptDownloads: true });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    // The label page's Print opens the browser's print dialog (window.print): recorded instead of shown.
    await page.addInitScript(() => {
      window.print = () => {
        window.__printed = true;
      };
    });
    await signIn(page);
    const t = new Tally(page);
    try {
      await (ui === 'after' ? dayAfter : dayBefore)(t, page, day, run);
    } catch (error) {
      const row = t.rows.at(-1);
      mkdirSync(ARTIFACTS, { recursive: true });
      const shot = path.join(ARTIFACTS, `day-clicks-failure-${ui}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      console.error(
        `Stopped in "${row?.task ?? 'sign-in'}" after: ${row?.steps.join(' → ') ?? '—'} (${shot})`,
      );
      throw error;
    }
    console.log(
      `\nThe day's work at ${SIZE_NAME}, ${ui === 'after' ? "today's screens" : 'before issue 21'} (${baseUrl}):\n`,
    );
    console.log(table(t.rows));
    console.log('\nSteps:');
    for (const row of t.rows) console.log(`- ${row.task}: ${row.steps.join(' → ')}`);
  } finally {
    await browser.close();
  }
}

main_().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
