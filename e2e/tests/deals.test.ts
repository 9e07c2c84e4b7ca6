import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { pdftotext } from '../support/pdftotext';
import { createClient, createItem, getItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading } from '../support/ui';

// Issue 20 in the browser: a deal of two stock items and a strap, a part-exchange taken from the client and a
// split payment (cash and card), typed on remote-finance's Deal screen; the invoice it issues is fetched with
// the page's own session and read back with poppler's pdftotext, as a person's PDF viewer would show it.

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await api?.dispose();
});

const field = (scope: Locator | Page, label: string) => scope.getByLabel(label, { exact: true });

/** The group of fields of a line or a payment, by the start of its legend ("Line 3: Other line"). */
const row = (page: Page, legend: string) => page.getByRole('group', { name: new RegExp(`^${legend}`) });

/** The figure beside a term of the live totals ("Balance left" → "£0.00"). */
async function figure(page: Page, term: string): Promise<string> {
  const totals = page.getByRole('group', { name: 'Totals' });
  return totals
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
}

describe('deals (issue 20)', () => {
  browserTest(
    'three lines, a part-exchange and cash + card on the Deal screen issue one invoice that prints them all',
    async (kit) => {
      // Short serials, so each prints on one line of the invoice's Serial column.
      const run =
        `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.toUpperCase();
      const [first, second, px] = [`DA-${run}`, `DB-${run}`, `PX-${run}`];
      const client = await createClient(api, `Deal Buyer ${uniqueSerial('c')}`);
      const rolex = await createItem(api, {
        serial: first,
        stockType: 'Watches',
        brand: 'Rolex',
        model: 'Explorer',
        retailPrice: '3200.00',
        transactions: [{ type: 'cash', amount: '2400' }],
      });
      const omega = await createItem(api, {
        serial: second,
        stockType: 'Watches',
        brand: 'Omega',
        model: 'Seamaster',
        retailPrice: '1450.50',
        transactions: [{ type: 'cash', amount: '1000' }],
      });

      const page = await kit.newPage({ as: demo.gold });
      await page.goto('/deals/new');
      await heading(page, 'New deal').waitFor();

      await page.getByRole('combobox', { name: 'Client (optional)' }).fill(client.name);
      await page
        .getByRole('option', { name: new RegExp(client.name) })
        .first()
        .click();

      // Two items by serial, as a keyboard-wedge scanner types them: the serial and Enter.
      for (const serial of [first, second]) {
        await field(page, 'Serial or search').fill(serial);
        await field(page, 'Serial or search').press('Enter');
        await page
          .getByRole('status')
          .filter({ hasText: `Added ${serial}` })
          .waitFor();
      }
      expect(await field(row(page, `Line 1: Item ${first}`), 'Price (GBP)').inputValue()).toBe('3200.00');
      expect(await field(row(page, `Line 2: Item ${second}`), 'Price (GBP)').inputValue()).toBe('1450.50');

      await page.getByRole('button', { name: 'Add other line', exact: true }).click();
      const strap = row(page, 'Line 3: Other line');
      await field(strap, 'Description').fill('Strap, black alligator');
      await field(strap, 'Price (GBP)').fill('180.00');
      await field(strap, 'VAT').selectOption('Standard 20%');

      await page.getByRole('button', { name: 'Add part-exchange', exact: true }).click();
      const exchange = row(page, 'Line 4: Part-exchange');
      await field(exchange, 'Serial').fill(px);
      await field(exchange, 'Stock type').selectOption('Watches');
      await field(exchange, 'Brand').fill('Tudor');
      await field(exchange, 'Model').fill('Black Bay');
      await field(exchange, 'Allowance (GBP)').fill('900');

      expect(await figure(page, 'Goods')).toBe('£4,830.50');
      expect(await figure(page, 'Part-exchange')).toBe('-£900.00');
      expect(await figure(page, 'Due')).toBe('£3,930.50');

      // Split tender: some cash (well under the AML threshold), the rest by card, offered at what is left.
      await page.getByRole('button', { name: 'Add payment', exact: true }).click();
      const cash = row(page, 'Payment 1');
      await field(cash, 'Method').selectOption('Cash');
      await field(cash, 'Amount (GBP)').fill('500');
      expect(await figure(page, 'Balance left')).toBe('£3,430.50');
      const complete = page.getByRole('button', { name: 'Complete sale', exact: true });
      expect(await complete.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Add payment', exact: true }).click();
      const card = row(page, 'Payment 2');
      expect(await field(card, 'Amount (GBP)').inputValue()).toBe('3430.50');
      await field(card, 'Method').selectOption('Credit Card');
      expect(await figure(page, 'Balance left')).toBe('£0.00');

      await complete.click();
      await page.waitForURL(/\/deals\/\d+$/);
      const issued = page.getByRole('status').filter({ hasText: /Sale complete\. Invoice .+ issued\./ });
      await issued.waitFor();
      const reference = ((await issued.innerText()).match(/Invoice (\S+) issued/) ?? [])[1] ?? '(none)';
      const title = page.getByRole('heading', { level: 1, name: /^Deal D-\d+$/ });
      await title.waitFor();
      expect(await title.evaluate((node) => node === document.activeElement)).toBe(true);

      const lines = page.getByRole('table', { name: 'Lines' });
      for (const text of [first, second, 'Strap, black alligator', px, '-£900.00']) {
        await lines.getByText(text, { exact: false }).first().waitFor();
      }

      // The invoice, fetched with the page's own session (its cookie), read back as text.
      const href = await page
        .getByRole('link', { name: `Download invoice ${reference}` })
        .getAttribute('href');
      const pdf = await page.request.get(href ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const text = await pdftotext(await pdf.body());
      for (const printed of [
        reference,
        client.name,
        'Rolex Explorer',
        'Omega Seamaster',
        'Strap, black alligator',
        'Part-exchange',
        '-£900.00',
        '£4,830.50',
        '£3,930.50',
      ]) {
        expect(text).toContain(printed);
      }
      for (const serial of [first, second, px]) expect(text).toContain(serial);
      const receipt = await page
        .getByRole('link', { name: `Download receipt ${reference}` })
        .getAttribute('href');
      expect(receipt).toBe(`${href}?variant=receipt`);
      expect((await page.request.get(receipt ?? '')).status()).toBe(200);

      // The items are sold; the part-exchange is the shop's stock now.
      expect((await getItem(api, rolex.id)).status).toBe('sold');
      expect((await getItem(api, omega.id)).status).toBe('sold');
    },
    120_000,
  );
});
