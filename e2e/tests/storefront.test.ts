import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn, csrfToken } from '../support/api';
import { formatViolations, seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import { createClient, createItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading, trackApiCalls } from '../support/ui';

// Issue 24 in the browser. The storefront is server-rendered HTML that works without JavaScript: a browser with
// JavaScript switched off filters the listing (a plain GET form) and opens an item's page. Then the whole
// journey: gold lists a watch from its item page in the app (the Online section), it appears on the storefront
// and in the Chrono24 feed; gold sells it on New Deal as a website enquiry, and it is gone at once from the
// listing, its page (410) and the feed, and the item page says why. The item page's Online and Wanted by
// sections fit a phone and a laptop and pass axe.

const browserTest = browserSuite();

// A 1 × 1 PNG: a listing needs a photo to be in the Chrono24 feed (contracts/src/feeds.ts).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let api: APIRequestContext;
/** The demo shop's storefront address: /store/{slug}. */
let store: string;

interface Settings {
  slug: string;
  enabled: boolean;
  publicUrl: string;
}

async function json<T>(what: string, answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!answer.ok()) throw new Error(`${what} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
  // The demo shop's storefront, opened under its own address if it has one (gold may: manageListings).
  const settings = await json<Settings>(
    'GET storefront settings',
    await api.get('/api/api/storefront/settings/'),
  );
  if (!settings.slug || !settings.enabled) {
    await json<Settings>(
      'PUT storefront settings',
      await apiSend(api, 'PUT', '/api/api/storefront/settings/', {
        slug: settings.slug || 'e2e-demo-shop',
        enabled: true,
      }),
    );
  }
  const open = await json<Settings>(
    'GET storefront settings',
    await api.get('/api/api/storefront/settings/'),
  );
  store = `/store/${open.slug}`;
});
afterAll(async () => {
  await api?.dispose();
});

/** A watch with everything Chrono24's import asks for but the listing's own fields; a unique reference. */
async function watch(brand: string, model: string, price: string) {
  const reference = uniqueSerial('REF').slice(0, 30);
  const item = await createItem(api, {
    serial: uniqueSerial('WEB'),
    stockType: 'Watches',
    brand,
    model,
    referenceNumber: reference,
    year: 2021,
    box: true,
    papers: true,
    caseMaterial: 'Steel',
    dial: 'Black',
    movement: 'automatic',
    conditionGrade: 'excellent',
    retailPrice: price,
    transactions: [{ type: 'cash', amount: '3000' }],
  });
  const photo = await api.post(`/api/api/items/${item.id}/images/`, {
    headers: { 'X-CSRFToken': await csrfToken(api) },
    multipart: { file: { name: 'dial.png', mimeType: 'image/png', buffer: PNG } },
  });
  if (photo.status() !== 201) throw new Error(`image upload answered ${photo.status()}`);
  return { ...item, reference, title: `${brand} ${model} ${reference}` };
}

/** What `check` answers, asked again until it holds (the storefront keeps nothing for more than a few seconds). */
async function eventually(what: string, check: () => Promise<boolean>, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The storefront's card of an item: its link, named by what it holds (photo, title, price). */
const cardLink = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

/** The Chrono24 feed as Chrono24 fetches it, by the secret URL the app gives platinum and gold. */
async function chrono24Feed(): Promise<string> {
  const channels = await json<{ results: Array<{ channel: string; feedUrl: string | null }> }>(
    'GET marketplace channels',
    await api.get('/api/api/marketplace/channels/'),
  );
  const feedUrl = channels.results.find((c) => c.channel === 'chrono24')?.feedUrl;
  if (!feedUrl) throw new Error('the Chrono24 feed has no address');
  // PUBLIC_URL may name another host; the path is the feed's on this server.
  const feed = await api.get(new URL(feedUrl).pathname);
  if (feed.status() !== 200) throw new Error(`the Chrono24 feed answered ${feed.status()}`);
  return feed.text();
}

const field = (scope: Locator | Page, label: string) => scope.getByLabel(label, { exact: true });

describe('the storefront (issue 24)', () => {
  browserTest(
    'works without JavaScript: the listing, filtered by a plain form, and an item page',
    async (kit) => {
      const item = await watch('Omega', 'Seamaster', '4250.00');
      await json(
        'PUT listing',
        await apiSend(api, 'PUT', `/api/api/storefront/items/${item.id}/listing/`, {
          listed: true,
          publicDescription: 'Serviced in 2025, with its box and papers.',
          braceletMaterial: 'Steel',
          handlingDays: 2,
          priceOnRequest: false,
        }),
      );

      const page = await kit.newPage({ javaScriptEnabled: false });
      const listing = await page.goto(`${store}/`);
      expect(listing?.status()).toBe(200);
      await heading(page, 'For sale').waitFor();
      // Nothing on the page runs: the only script is the structured data (JSON-LD), which is not one.
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);

      // The filters are a GET form: without JavaScript, choosing and submitting reloads the listing.
      const filters = page.getByRole('form', { name: 'Filter the items' });
      await field(filters, 'Type').selectOption('Watches');
      await field(filters, 'Brand').selectOption('Omega');
      await field(filters, 'Minimum price (£)').fill('4000');
      await filters.getByRole('button', { name: 'Show items' }).click();
      await page.waitForURL(/[?&]brand=Omega/);
      expect(new URL(page.url()).searchParams.get('min')).toBe('4000');
      await heading(page, 'Watches for sale: Omega').waitFor();
      const card = cardLink(page, item.title);
      await card.waitFor();
      expect(await card.innerText()).toContain('£4,250');

      await card.click();
      await heading(page, item.title).waitFor();
      expect(page.url()).toContain(`${store}/items/${item.id}-`);
      await page.getByText('£4,250', { exact: true }).waitFor();
      await page.getByText('Serviced in 2025, with its box and papers.').waitFor();
      await heading(page, 'Details', 2).waitFor();
      const details = page.locator('dl');
      for (const [term, value] of [
        ['Reference', item.reference],
        ['Year', '2021'],
        ['Bracelet', 'Steel'],
        ['Dispatch', 'Within 2 working days of payment'],
      ]) {
        expect(
          await details
            .locator('dt', { hasText: new RegExp(`^${term}$`) })
            .locator('xpath=following-sibling::dd[1]')
            .innerText(),
        ).toBe(value);
      }
      await page.getByRole('link', { name: 'All items' }).click();
      await heading(page, 'For sale').waitFor();
    },
  );

  browserTest(
    'an item listed from its page shows online and in the Chrono24 feed; sold on New Deal, it is gone from both',
    async (kit) => {
      const item = await watch('Rolex', 'Explorer', '6500.00');
      const app = await kit.newPage({ as: demo.gold });

      // The item page's Online section: not listed yet, listed by gold with what Chrono24 asks for.
      await app.goto(`/inventory/item/${item.id}`);
      const online = app.getByRole('region', { name: 'Online' });
      await online.getByText('Not listed online', { exact: true }).waitFor();
      const form = online.getByRole('form', { name: 'Online listing' });
      await form.getByRole('checkbox', { name: 'Listed online' }).check();
      await field(form, 'Public description').fill('Explorer in excellent order, full set.');
      await field(form, 'Bracelet material').fill('Steel');
      await form.getByRole('button', { name: 'Save listing' }).click();
      await form.getByRole('status').filter({ hasText: 'Listing saved.' }).waitFor();
      await online.getByText('On the storefront', { exact: true }).waitFor();
      const feeds = online.getByRole('list', { name: 'Marketplace feeds' });
      await feeds.getByText('In the Chrono24 feed', { exact: true }).waitFor();
      expect(
        await online.getByRole('link', { name: /View on the storefront/ }).getAttribute('href'),
      ).toContain(`${store}/items/${item.id}-`);

      // On the storefront for the public (no session, no JavaScript) and in the Chrono24 feed.
      const shopper = await kit.newPage({ javaScriptEnabled: false });
      await shopper.goto(`${store}/?brand=Rolex`);
      const card = cardLink(shopper, item.title);
      await card.waitFor();
      const itemPath = new URL(await card.getAttribute('href').then((h) => h ?? ''), baseUrl()).pathname;
      expect(await chrono24Feed()).toContain(`<referenceNumber>${item.reference}</referenceNumber>`);

      // Sold in the app, on New Deal, as a website enquiry.
      await app.goto('/deals/new');
      await heading(app, 'New deal').waitFor();
      expect(await field(app, 'Channel').inputValue()).toBe('shop');
      await field(app, 'Channel').selectOption({ label: 'Website enquiry' });
      await field(app, 'Buyer name (walk-in)').fill('Web Buyer');
      await field(app, 'Serial or search').fill(item.serial);
      await field(app, 'Serial or search').press('Enter');
      await app
        .getByRole('status')
        .filter({ hasText: `Added ${item.serial}` })
        .waitFor();
      await app.getByRole('button', { name: 'Add payment', exact: true }).click();
      const payment = app.getByRole('group', { name: /^Payment 1/ });
      await field(payment, 'Method').selectOption('Bank Transfer');
      expect(await field(payment, 'Amount (GBP)').inputValue()).toBe('6500.00');
      await app.getByRole('button', { name: 'Complete sale', exact: true }).click();
      await app.waitForURL(/\/deals\/\d+$/);
      await app
        .getByRole('status')
        .filter({ hasText: /Sale complete\./ })
        .waitFor();
      const summary = app.getByRole('region', { name: 'Summary' });
      expect(
        await summary
          .locator('dt', { hasText: /^Channel$/ })
          .locator('xpath=following-sibling::dd[1]')
          .innerText(),
      ).toBe('Website enquiry');

      // Gone at once: from the listing, its page (410, said in words) and the feed.
      await eventually('the sold item off the listing', async () => {
        await shopper.goto(`${store}/?brand=Rolex`);
        return (await cardLink(shopper, item.title).count()) === 0;
      });
      const gone = await shopper.goto(itemPath);
      expect(gone?.status()).toBe(410);
      await heading(shopper, 'No longer available').waitFor();
      await eventually(
        'the sold item out of the Chrono24 feed',
        async () => !(await chrono24Feed()).includes(`<referenceNumber>${item.reference}</referenceNumber>`),
      );

      // And the item page says why it is not online.
      await app.goto(`/inventory/item/${item.id}`);
      await app
        .getByRole('region', { name: 'Online' })
        .getByText('Not online: sold', { exact: true })
        .waitFor();
    },
    120_000,
  );

  browserTest(
    'the item page’s Online and Wanted by sections fit a phone and a laptop and pass axe',
    async (kit) => {
      // A client who wants an Omega Seamaster, then one comes into stock: the match is made after it commits.
      const client = await createClient(api, `Want Buyer ${uniqueSerial('c')}`);
      await json(
        'POST want',
        await apiSend(api, 'POST', `/api/api/clients/${client.id}/wants/`, {
          brand: 'Omega',
          model: 'Seamaster',
        }),
      );
      const item = await watch('Omega', 'Seamaster', '3900.00');
      await eventually('the want matched', async () => {
        const matches = await json<{ count: number }>(
          'GET want matches',
          await api.get(`/api/api/items/${item.id}/want-matches/?status=open`),
        );
        return matches.count > 0;
      });
      // Listed without a bracelet material: the Chrono24 feed says why it leaves the watch out.
      await json(
        'PUT listing',
        await apiSend(api, 'PUT', `/api/api/storefront/items/${item.id}/listing/`, {
          listed: true,
          publicDescription: 'A Seamaster in excellent order.',
          braceletMaterial: '',
          handlingDays: 3,
          priceOnRequest: false,
        }),
      );

      const problems: string[] = [];
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        const page = await kit.newPage({ as: demo.gold, viewport });
        const calls = trackApiCalls(page);
        await page.goto(`/inventory/item/${item.id}`);
        const online = page.getByRole('region', { name: 'Online' });
        await online
          .getByRole('list', { name: 'Marketplace feeds' })
          .getByText('Not in the Chrono24 feed: no bracelet material', { exact: true })
          .waitFor();
        const wanted = page.getByRole('region', { name: 'Wanted by' });
        expect(await wanted.getByRole('link', { name: client.name }).getAttribute('href')).toBe(
          `/clients/edit/${client.id}`,
        );
        await calls.settled();
        const where = `/inventory/item/${item.id} at ${viewport.width}px`;
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${where} scrolls sideways by ${overflow}px`);
        const violations = await seriousViolations(page, where);
        if (violations.length > 0) problems.push(formatViolations(violations));
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
