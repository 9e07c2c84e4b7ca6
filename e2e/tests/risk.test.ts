import type { APIRequestContext, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { createClient, createItem, getItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';

// Issue 25 item 1 in the browser: a client rated high risk, the client page's "Risk rating" section on a laptop
// and a phone, and a sale to them (by card) refused in the Sell dialog naming the enhanced due diligence missing.

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await api?.dispose();
});

async function highRisk(name: string) {
  const client = await createClient(api, name);
  const rated = await apiSend(api, 'PUT', `/api/api/clients/${client.id}/risk/`, {
    rating: 'high',
    reasons: ['pep'],
    notes: 'Foreign minister',
  });
  if (rated.status() !== 200) throw new Error(`rating failed: ${rated.status()} ${await rated.text()}`);
  return client;
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('risk-based due diligence (issue 25 item 1)', () => {
  browserTest(
    'the client page shows the high rating and what is missing, on a laptop and on a phone',
    async (kit) => {
      const client = await highRisk(`E2E Risk ${uniqueSerial('r')}`);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const page = await kit.newPage({ as: demo.gold, viewport });
        await page.goto(`/clients/edit/${client.id}`);
        const section = page.getByRole('region', { name: 'Risk rating' });
        await section.getByText('Politically exposed person').waitFor();
        expect(await section.innerText()).toContain(
          'Incomplete: sales, purchases and payments from £0 will be refused. Missing: source of funds evidence, ' +
            'source of wealth evidence, senior approval',
        );
        await section.getByRole('button', { name: 'Record senior approval' }).waitFor();
        expect(await sideways(page)).toBe(0);
      }
    },
    90_000,
  );

  browserTest(
    'a card sale to a high-risk client without enhanced due diligence is refused in the Sell dialog',
    async (kit) => {
      const client = await highRisk(`E2E EDD ${uniqueSerial('c')}`);
      const serial = uniqueSerial('EDD');
      const item = await createItem(api, {
        serial,
        stockType: 'Watches',
        brand: 'Rolex',
        model: 'Datejust',
        retailPrice: '6500',
        transactions: [{ type: 'cash', amount: '4000' }],
      });
      const page = await kit.newPage({ as: demo.gold });
      await page.goto(`/inventory/all?search=${encodeURIComponent(serial)}`);
      const row = page
        .getByRole('table')
        .first()
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) }) });
      await row.getByRole('button', { name: 'Sell', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
      await dialog.getByLabel('Sale Price (GBP)', { exact: true }).fill('500');
      await dialog.getByLabel('Payment Method', { exact: true }).selectOption('Credit Card');
      await dialog.getByRole('combobox', { name: 'Client (optional)' }).fill(client.name);
      await dialog
        .getByRole('option', { name: new RegExp(client.name) })
        .first()
        .click();
      await dialog.getByRole('button', { name: 'Confirm Sale' }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'rated high risk' });
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain(
        'Missing: source of funds evidence, source of wealth evidence, a senior approval (platinum or gold).',
      );
      expect((await getItem(api, item.id)).status).toBe('available');
    },
    90_000,
  );
});
