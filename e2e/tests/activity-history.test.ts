import type { APIRequestContext, Dialog, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { formatViolations, seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import { addClient, uniqueClientName } from '../support/clients';
import { downloadedBytes } from '../support/documents';
import { parseCsv } from '../support/finance';
import { createItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading, openUserMenu, waitForPath } from '../support/ui';

const browserTest = browserSuite();

let platinum: APIRequestContext;
beforeAll(async () => {
  platinum = await apiSignIn(baseUrl(), demo.platinum);
});
afterAll(async () => {
  await platinum?.dispose();
});

function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      const message = dialog.message();
      void dialog.accept().then(() => resolve(message));
    });
  });
}

const BEFORE = '020 7946 0000';
const AFTER = '020 7946 0999';
const CHANGE = `Phone: ${BEFORE} → ${AFTER}`;

describe('the audit trail on screen (issue 12)', () => {
  browserTest(
    'a phone change shows in the client’s History, in Activity filtered by kind Client, and in its CSV',
    async (kit) => {
      const name = uniqueClientName('E2E History');
      const client = await addClient(platinum, { name, phone: BEFORE });
      const page = await kit.newPage({ as: demo.platinum });

      await page.goto(`/clients/edit/${client.id}`);
      await heading(page, 'Edit Client').waitFor();
      await page.getByLabel('Phone', { exact: true }).fill(AFTER);
      const alert = nextAlert(page);
      await page.getByRole('button', { name: 'Update Client', exact: true }).click();
      expect(await alert).toBe('Client updated');
      await waitForPath(page, '/clients');

      // The client's page: the History panel names who changed what, before → after.
      await page.goto(`/clients/edit/${client.id}`);
      const history = page.getByRole('region', { name: 'History', exact: true });
      await history.getByRole('heading', { name: 'History', exact: true }).waitFor();
      const entry = history.getByRole('listitem').filter({ hasText: CHANGE });
      await entry.first().waitFor();
      expect(await entry.first().innerText()).toContain('platinum');

      // Activity, from the user menu, filtered by kind of record.
      const menu = await openUserMenu(page, 'platinum');
      await menu.getByRole('menuitem', { name: 'Activity', exact: true }).click();
      await waitForPath(page, '/activity');
      await heading(page, 'Activity').waitFor();
      await page.getByLabel('Kind of record', { exact: true }).selectOption({ label: 'Client' });
      await page.getByLabel('Items per page', { exact: true }).selectOption('100');
      await page.waitForURL((url) => url.searchParams.get('entity') === 'client');
      const row = page
        .getByRole('table', { name: 'Activity' })
        .getByRole('row')
        .filter({ hasText: name })
        .filter({ hasText: CHANGE });
      await row.first().waitFor();
      expect(await row.first().innerText()).toContain('platinum');
      const violations = await seriousViolations(page, 'Activity, filtered');
      expect(formatViolations(violations)).toBe('');

      // Export CSV downloads the same filtered trail, which holds the change.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export CSV', exact: true }).click();
      const file = await download;
      expect(new URL(file.url()).pathname).toBe('/api/api/activity/csv/');
      expect(new URL(file.url()).searchParams.get('entity')).toBe('client');
      const rows = parseCsv((await downloadedBytes(file)).toString('utf8').replace(/^\uFEFF/, ''));
      const header = rows[0] ?? [];
      const line = rows.find((cells) => cells.includes(name) && cells.some((cell) => cell.includes(AFTER)));
      expect(line).toBeDefined();
      expect(line?.[header.indexOf('Who')]).toBe('platinum');
      expect(line?.[header.indexOf('Record')]).toBe('Client');
      expect(line?.join(' ')).toContain(BEFORE);
    },
  );

  browserTest('an item’s edit shows in its History, before → after', async (kit) => {
    const serial = uniqueSerial('E2E-HIST');
    const item = await createItem(platinum, {
      serial,
      stockType: 'Watches',
      brand: 'Omega',
      model: 'Speedmaster',
      description: 'Steel bracelet',
      transactions: [{ type: 'cash', amount: '4100' }],
    });
    const page = await kit.newPage({ as: demo.platinum });
    await page.goto(`/inventory/edit/${item.id}`);
    await heading(page, 'Edit Inventory Item').waitFor();
    await page.getByLabel('Description', { exact: true }).fill('Box and papers');
    const alert = nextAlert(page);
    await page.getByRole('button', { name: 'Update Item', exact: true }).click();
    expect(await alert).toBe(`Inventory item ${item.id} updated successfully!`);
    await waitForPath(page, '/inventory/manage');

    await page.goto(`/inventory/edit/${item.id}`);
    const history = page.getByRole('region', { name: 'History', exact: true });
    const entry = history
      .getByRole('listitem')
      .filter({ hasText: 'Description: Steel bracelet → Box and papers' });
    await entry.first().waitFor();
    expect(await entry.first().innerText()).toContain('platinum');
  });
});
