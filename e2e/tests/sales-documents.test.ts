import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { downloadedBytes, pdfText } from '../support/documents';
import { createClient, createItem, getItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading } from '../support/ui';
import { rowAction } from '../support/row-actions';

// Issue 13 in the browser: a sale's invoice downloaded and read back, a check-out's approval note read back,
// and the AML cash guard's refusal shown where the sale was typed.

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await api?.dispose();
});

/** The table row whose row header (the serial) starts with `serial`. */
const itemRow = (page: Page, serial: string): Locator =>
  page
    .getByRole('table')
    .first()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) }) });

const rowButton = (page: Page, serial: string, name: string) =>
  itemRow(page, serial).getByRole('button', { name, exact: true });

const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

async function pickClient(scope: Locator, label: string, name: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).fill(name);
  await scope
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
}

/** The item's page as the API answers it, with the issue 13 fields these tests read. */
interface DocumentedItem {
  status: string;
  sale: { invoice: { id: number; reference: string } | null; buyerName: string } | null;
  checkout: { id: number; agreedPrice: number | null } | null;
}
const documented = async (id: number) => (await getItem(api, id)) as unknown as DocumentedItem;

async function openStock(page: Page, serial: string): Promise<void> {
  await page.goto(`/inventory/all?search=${encodeURIComponent(serial)}`);
  await itemRow(page, serial).waitFor();
}

describe('sales documents (issue 13)', () => {
  browserTest(
    'a sale’s invoice downloads from the Sell dialog and its PDF holds the serial, the buyer and the total',
    async (kit) => {
      const serial = uniqueSerial('DOC');
      const item = await createItem(api, {
        serial,
        stockType: 'Watches',
        brand: 'Cartier',
        model: 'Santos',
        retailPrice: '7450.50',
        transactions: [{ type: 'cash', amount: '5100' }],
      });
      const page = await kit.newPage({ as: demo.gold });
      await openStock(page, serial);
      await rowButton(page, serial, 'Sell').click();
      const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
      await field(dialog, 'Sale Price (GBP)').fill('7450.50');
      await dialog.getByLabel('Payment Method', { exact: true }).selectOption('Bank Transfer');
      await field(dialog, 'Buyer name (walk-in)').fill('Lucía Domínguez');
      await dialog.getByRole('button', { name: 'Confirm Sale' }).click();

      const issued = dialog.getByRole('status').filter({ hasText: /Invoice .+ issued\./ });
      await issued.waitFor();
      const sale = (await documented(item.id)).sale;
      expect(sale?.buyerName).toBe('Lucía Domínguez');
      const reference = sale?.invoice?.reference ?? '(no invoice on the sale)';
      expect(await issued.innerText()).toBe(`${serial} is sold. Invoice ${reference} issued.`);

      // Download invoice saves the file the browser is sent, through the page's own session.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('link', { name: `Download invoice ${reference}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${reference}.pdf`);
      const bytes = await downloadedBytes(download);
      const { text } = await pdfText(bytes);
      for (const printed of [reference, 'Lucía Domínguez', '£7,450.50', `Total £7,450.50`])
        expect(text).toContain(printed);
      // The serial column is narrow: a long serial wraps at its hyphens, which the text layer reads as spaces.
      expect(text.replace(/\s+/g, '')).toContain(serial);

      await dialog.getByRole('button', { name: 'Done', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`${serial} is sold.`, { exact: true }).waitFor();

      // The item's page keeps the invoice within reach.
      await page.goto(`/inventory/edit/${item.id}`);
      const saleSection = page.getByRole('region', { name: 'Sale', exact: true });
      await saleSection.getByText(reference, { exact: true }).waitFor();
      await saleSection.getByRole('link', { name: `Download ${reference}` }).waitFor();
    },
    90_000,
  );

  browserTest(
    'a check-out’s approval note holds the serial, the client’s name and the agreed price',
    async (kit) => {
      const client = await createClient(api, `E2E Memo Núñez ${uniqueSerial('c')}`);
      const serial = uniqueSerial('MEMO');
      const item = await createItem(api, {
        serial,
        stockType: 'Jewellery',
        brand: 'Cartier',
        model: 'Panthère',
        retailPrice: '3200',
        transactions: [{ type: 'cash', amount: '1900' }],
      });
      const page = await kit.newPage({ as: demo.gold });
      await openStock(page, serial);
      await (await rowAction(itemRow(page, serial), serial, 'Checkout')).click();
      const dialog = page.getByRole('dialog', { name: `Check out ${serial}` });
      await pickClient(dialog, 'Client', client.name);
      const agreed = field(dialog, 'Agreed price (£)');
      expect(await agreed.inputValue()).toBe('3200.00');
      await agreed.fill('2950');
      await dialog.getByRole('button', { name: 'Check Out', exact: true }).click();

      const note = dialog.getByRole('link', { name: 'Print approval note', exact: true });
      await note.waitFor();
      const checkout = (await documented(item.id)).checkout;
      expect(checkout?.agreedPrice).toBe(2950);
      const href = await note.getAttribute('href');
      expect(href).toBe(`/api/api/checkouts/${checkout?.id}/approval-note/`);

      // The note as the browser fetches it, with the page's session cookie.
      const answer = await page.request.get(new URL(href ?? '', page.url()).toString());
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('application/pdf');
      const { text } = await pdfText(await answer.body());
      for (const printed of [serial, client.name, '£2,950.00']) expect(text).toContain(printed);

      await dialog.getByRole('button', { name: 'Done', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // Reprinted from the item's page and from the client's.
      await page.goto(`/inventory/edit/${item.id}`);
      const out = page.getByRole('region', { name: 'Out on approval', exact: true });
      expect(await out.getByRole('link', { name: 'Approval note', exact: true }).getAttribute('href')).toBe(
        href,
      );
      await page.goto(`/clients/edit/${client.id}`);
      await heading(page, 'Edit Client').waitFor();
      const notes = page.getByRole('region', { name: 'Approval notes', exact: true });
      const line = notes.getByRole('row').filter({ hasText: serial });
      await line.waitFor();
      expect(await line.innerText()).toContain('£2,950.00');
      expect(await line.getByRole('link', { name: `Approval note for ${serial}` }).getAttribute('href')).toBe(
        href,
      );
    },
    90_000,
  );

  browserTest(
    'a cash sale over the AML threshold to a client without due diligence is refused in the Sell dialog',
    async (kit) => {
      const client = await createClient(api, `E2E Cash ${uniqueSerial('c')}`);
      const serial = uniqueSerial('AML');
      const item = await createItem(api, {
        serial,
        stockType: 'Watches',
        brand: 'Rolex',
        model: 'Submariner',
        retailPrice: '9500',
        transactions: [{ type: 'cash', amount: '7000' }],
      });
      const page = await kit.newPage({ as: demo.gold });
      await openStock(page, serial);
      await rowButton(page, serial, 'Sell').click();
      const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
      // £9,000 in cash at the default 0.85 GBP per EUR is €10,588.24: at or over €10,000.
      await field(dialog, 'Sale Price (GBP)').fill('9000');
      expect(await dialog.getByLabel('Payment Method', { exact: true }).inputValue()).toBe('Cash');
      await pickClient(dialog, 'Client (optional)', client.name);
      await dialog.getByRole('button', { name: 'Confirm Sale' }).click();

      const refusal = dialog.getByRole('alert').filter({ hasText: 'Cash sale refused' });
      await refusal.waitFor();
      const said = await refusal.innerText();
      expect(said).toContain('Cash of €10,000 or more needs customer due diligence');
      expect(said).toContain(
        'Missing: an identity document on file, a verification record (verified by / on).',
      );
      // Nothing was sold, and what was typed is still there to correct.
      expect(await field(dialog, 'Sale Price (GBP)').inputValue()).toBe('9000');
      expect(await dialog.getByRole('combobox', { name: 'Client (optional)' }).inputValue()).toBe(
        client.name,
      );
      expect((await getItem(api, item.id)).status).toBe('available');
    },
    90_000,
  );
});
