import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn, csrfToken } from '../support/api';
import { browserSuite } from '../support/browser';
import { PDF_BYTES } from '../support/clients';
import { getItem } from '../support/inventory';
import { pdftotext } from '../support/pdftotext';
import { baseUrl } from '../support/state';
import { seriousViolations, formatViolations } from '../support/axe';
import { heading, trackApiCalls } from '../support/ui';

// Issue 22 in the browser: the demo owner buys a watch over the counter on remote-finance's Buy In screen, with
// the stolen-goods register check recorded and its certificate uploaded; the purchase page shows the item's
// stock number, the purchase invoice the seller signs is read back with poppler's pdftotext (the seller's
// declaration and address printed), and the quarter's stock book lists the item.

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.platinum);
});
afterAll(async () => {
  await api?.dispose();
});

interface Seller {
  id: number;
  name: string;
}

/** A private seller with a postal address (the purchase invoice prints it) and an identity document on file. */
async function createSeller(name: string): Promise<Seller> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@e2e.loupe.example`;
  const answer = await apiSend(api, 'POST', '/api/api/clients/', {
    name,
    email,
    addressLine1: '12 Mill Lane',
    town: 'Bath',
    postcode: 'BA1 1AA',
    country: 'United Kingdom',
  });
  if (!answer.ok()) throw new Error(`POST clients answered ${answer.status()}: ${await answer.text()}`);
  const seller = (await answer.json()) as Seller;
  // The shop's identity rule (a purchase of £1,000 or more): the seller's passport scan on file.
  const kyc = await api.post(`/api/api/clients/${seller.id}/kyc/`, {
    headers: { 'X-CSRFToken': await csrfToken(api) },
    multipart: { file: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES } },
  });
  if (!kyc.ok()) throw new Error(`POST kyc answered ${kyc.status()}: ${await kyc.text()}`);
  return seller;
}

const field = (scope: Locator | Page, label: string) => scope.getByLabel(label, { exact: true });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** A buy-in of one strap through the API: a purchase page to look at without typing one. */
async function buyStrap(sellerId: number): Promise<{ id: number }> {
  const answer = await apiSend(api, 'POST', '/api/api/purchases/', {
    sellerId,
    sellerKind: 'trade',
    lines: [
      { stockType: 'Accessories', serial: `STRAP-${Date.now().toString(36)}`.toUpperCase(), price: '120' },
    ],
    payments: [{ method: 'Bank Transfer', amount: '120' }],
  });
  if (!answer.ok()) throw new Error(`POST purchases answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as { id: number };
}

describe('purchases (issue 22)', () => {
  browserTest(
    'a watch bought over the counter with its register check gets a stock number, a signed-for invoice and a stock book row',
    async (kit) => {
      const run = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
      const serial = `BI-${run}`.toUpperCase();
      const seller = await createSeller(`Buy-in Seller ${run}`);

      const page = await kit.newPage({ as: demo.platinum });
      await page.goto('/purchases');
      await heading(page, 'Purchases').waitFor();
      await page.getByRole('link', { name: 'Buy In', exact: true }).click();
      await heading(page, 'Buy In').waitFor();

      // The seller is the first thing asked: the focus is there.
      const sellerBox = page.getByRole('combobox', { name: 'Seller', exact: true });
      await expectFocused(sellerBox);
      await sellerBox.fill(seller.name);
      await page
        .getByRole('option', { name: new RegExp(seller.name) })
        .first()
        .click();

      const item = page.getByRole('group', { name: 'Item 1', exact: true });
      await field(item, 'Stock type').selectOption('Watches');
      await field(item, 'Brand').selectOption('Rolex');
      await field(item, 'Model').selectOption('Submariner');
      await field(item, 'Serial').fill(serial);
      await field(item, 'Price (GBP)').fill('6,500');
      await field(item, 'Condition grade').selectOption('Very good');
      await item.getByRole('checkbox', { name: 'Box' }).check();
      await item.getByRole('checkbox', { name: 'Papers' }).check();

      // At £6,500 the register check is required (the shop's threshold is £1,000 by default).
      const check = item.getByRole('group', { name: 'Stolen-goods register check (required)' });
      await check.waitFor();
      expect(await field(check, 'Provider').inputValue()).toBe('The Watch Register');
      await field(check, 'Search reference').fill(`TWR-${run}`);
      await field(check, 'Date of search').fill(
        await page.evaluate(() => new Date().toISOString().slice(0, 10)),
      );
      await field(check, 'Result').selectOption('Clear (no match)');
      await field(check, 'Certificate').setInputFiles({
        name: 'twr-certificate.pdf',
        mimeType: 'application/pdf',
        buffer: PDF_BYTES,
      });

      await page.getByRole('button', { name: 'Add payment', exact: true }).click();
      const payment = page.getByRole('group', { name: 'Payment 1', exact: true });
      await field(payment, 'Method').selectOption('Bank Transfer');
      expect(await field(payment, 'Amount (GBP)').inputValue()).toBe('6500.00');

      const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
      // Confirm stays in view at the foot of a laptop's window however long the form is.
      expect(await confirm.isVisible()).toBe(true);
      await confirm.click();

      await page.waitForURL(/\/purchases\/\d+$/);
      const saved = page
        .getByRole('status')
        .filter({ hasText: /^Purchase \S+ saved: Stock no\. \d+ in stock\.$/ });
      await saved.waitFor();
      const said = await saved.innerText();
      const reference = (/Purchase (\S+) saved/.exec(said) ?? [])[1] ?? '(none)';
      const stockNumber = (/Stock no\. (\d+)/.exec(said) ?? [])[1] ?? '(none)';
      const title = heading(page, `Purchase ${reference}`);
      await title.waitFor();
      expect(await title.evaluate((node) => node === document.activeElement)).toBe(true);

      const items = page.getByRole('table', { name: 'Items' });
      const itemLink = items.getByRole('link', { name: `Stock no. ${stockNumber} (open the item)` });
      await itemLink.waitFor();
      const itemId = Number(
        (/\/inventory\/item\/(\d+)$/.exec((await itemLink.getAttribute('href')) ?? '') ?? [])[1],
      );
      const bought = await getItem(api, itemId);
      expect(bought.serial).toBe(serial);
      expect(bought.status).toBe('available');
      expect(bought.purchasePrice).toBe(6500);
      const checks = page.getByRole('table', { name: 'Register checks' });
      await checks.getByText(`TWR-${run}`).waitFor();
      await checks.getByRole('link', { name: /^twr-certificate\.pdf/ }).waitFor();

      // The purchase invoice, fetched with the page's own session, read back as text.
      const href = await page.getByRole('link', { name: 'Purchase invoice (PDF)' }).getAttribute('href');
      const pdf = await page.request.get(href ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const text = (await pdftotext(await pdf.body())).replace(/\s+/g, ' ');
      for (const printed of [
        reference,
        seller.name,
        '12 Mill Lane',
        'Bath',
        'BA1 1AA',
        serial,
        stockNumber,
        '£6,500.00',
      ]) {
        expect(text).toContain(printed);
      }
      expect(text).toContain('I declare that I am the owner of the goods listed above');

      // The stock book of this quarter carries the item bought, by its stock number.
      await page.goto('/reports/stock-book');
      await heading(page, 'Stock Book').waitFor();
      await field(page, 'Stock number or serial').fill(stockNumber);
      const book = page.getByRole('table', { name: 'Stock book' });
      const row = book.getByRole('row').filter({ hasText: serial });
      await row.waitFor();
      expect(await row.innerText()).toContain(reference);
      expect(await row.innerText()).toContain(seller.name);
    },
    120_000,
  );

  browserTest(
    'the purchase screens fit a phone without sideways scrolling, keep Confirm in a laptop’s view and pass axe',
    async (kit) => {
      const seller = await createSeller(`Layout Seller ${Date.now().toString(36)}`);
      const bought = await buyStrap(seller.id);
      const paths: [string, string][] = [
        ['/purchases', 'Purchases'],
        ['/purchases/new', 'Buy In'],
        [`/purchases/${bought.id}`, ''],
      ];
      const page = await kit.newPage({ as: demo.platinum, viewport: PHONE });
      const calls = trackApiCalls(page);
      const problems: string[] = [];
      for (const [path, title] of paths) {
        await page.goto(path);
        await (
          title ? heading(page, title) : page.getByRole('heading', { level: 1, name: /^Purchase PUR-/ })
        ).waitFor();
        await calls.settled();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${path} scrolls sideways by ${overflow}px`);
        const violations = await seriousViolations(page, path);
        if (violations.length > 0) problems.push(formatViolations(violations));
      }
      expect(problems).toEqual([]);

      // On a laptop the long form keeps Confirm on screen: its bar sticks to the foot of the window.
      await page.setViewportSize(LAPTOP);
      await page.goto('/purchases/new');
      await heading(page, 'Buy In').waitFor();
      await page.getByRole('button', { name: 'Add item', exact: true }).click();
      const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
      const box = await confirm.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? LAPTOP.height) + (box?.height ?? 0)).toBeLessThanOrEqual(LAPTOP.height);
    },
    120_000,
  );
});

/** Waits (up to 5 s) for the element to have the focus: the page moves it there after it renders. */
async function expectFocused(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator
    .page()
    .waitForFunction((node) => node === document.activeElement, await locator.elementHandle(), {
      timeout: 5_000,
    });
}
