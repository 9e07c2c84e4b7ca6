import type { APIRequestContext, Dialog, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { addClient, getClientRecord, uniqueClientName } from '../support/clients';
import { createItem, getItem, uniqueSerial, type ApiItem } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading, waitForPath } from '../support/ui';

// No lost updates (issue 12 item 6), in the browser: two people on one record.
const browserTest = browserSuite();

let silverApi: APIRequestContext;
let goldApi: APIRequestContext;
beforeAll(async () => {
  silverApi = await apiSignIn(baseUrl(), demo.silver);
  goldApi = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await silverApi?.dispose();
  await goldApi?.dispose();
});

function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      const message = dialog.message();
      void dialog.accept().then(() => resolve(message));
    });
  });
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const CONFLICT = /^Changed by gold at \d{1,2} \w{3} \d{4}, \d{2}:\d{2} — reload to see their changes/;

describe('two people editing one record', () => {
  browserTest(
    'Edit Client: the second save is refused with who and when, keeps the typing, and Reload shows the first save',
    async (kit) => {
      const name = uniqueClientName('E2E Conflict');
      const client = await addClient(silverApi, { name, phone: '020 7946 0000' });
      const gold = await kit.newPage({ as: demo.gold });
      const silver = await kit.newPage({ as: demo.silver });
      for (const page of [gold, silver]) {
        await page.goto(`/clients/edit/${client.id}`);
        await heading(page, 'Edit Client').waitFor();
        expect(await field(page, 'Name').inputValue()).toBe(name);
      }

      await field(gold, 'Phone').fill('020 7946 1111');
      const goldSaved = nextAlert(gold);
      await gold.getByRole('button', { name: 'Update Client', exact: true }).click();
      expect(await goldSaved).toBe('Client updated');
      await waitForPath(gold, '/clients');

      await field(silver, 'Notes').fill('Silver typed this.');
      await silver.getByRole('button', { name: 'Update Client', exact: true }).click();
      const conflict = silver.getByRole('alert').filter({ hasText: 'reload to see their changes' });
      await conflict.waitFor();
      expect((await conflict.innerText()).trim()).toMatch(CONFLICT);
      expect(await field(silver, 'Notes').inputValue()).toBe('Silver typed this.');
      expect(await field(silver, 'Phone').inputValue()).toBe('020 7946 0000');
      expect(await getClientRecord(silverApi, client.id)).toMatchObject({
        phone: '020 7946 1111',
        notes: '',
      });

      await conflict.getByRole('button', { name: 'Reload', exact: true }).click();
      await conflict.waitFor({ state: 'detached' });
      expect(await field(silver, 'Phone').inputValue()).toBe('020 7946 1111');
      expect(await field(silver, 'Notes').inputValue()).toBe('');
      await field(silver, 'Notes').fill('On top of gold’s phone.');
      const silverSaved = nextAlert(silver);
      await silver.getByRole('button', { name: 'Update Client', exact: true }).click();
      expect(await silverSaved).toBe('Client updated');
      expect(await getClientRecord(silverApi, client.id)).toMatchObject({
        phone: '020 7946 1111',
        notes: 'On top of gold’s phone.',
      });
    },
    90_000,
  );

  browserTest(
    'Edit Inventory Item: a change made meanwhile (through the API) refuses the save until Reload',
    async (kit) => {
      const serial = uniqueSerial('E2E-CONFLICT');
      const item = (await createItem(silverApi, {
        serial,
        stockType: 'Watches',
        description: 'As bought',
      })) as ApiItem & { version: number };
      const silver = await kit.newPage({ as: demo.silver });
      await silver.goto(`/inventory/edit/${item.id}`);
      await heading(silver, 'Edit Inventory Item').waitFor();
      expect(await field(silver, 'Description').inputValue()).toBe('As bought');

      const changed = await apiSend(goldApi, 'PUT', `/api/api/items/${item.id}/`, {
        serial,
        stockType: 'Watches',
        description: 'Gold wrote this',
        version: item.version,
      });
      expect(changed.status()).toBe(200);

      await field(silver, 'Description').fill('Silver typed this');
      await silver.getByRole('button', { name: 'Update Item', exact: true }).click();
      const conflict = silver.getByRole('alert').filter({ hasText: 'reload to see their changes' });
      await conflict.waitFor();
      expect((await conflict.innerText()).trim()).toMatch(CONFLICT);
      expect(await field(silver, 'Description').inputValue()).toBe('Silver typed this');
      expect((await getItem(silverApi, item.id)).description).toBe('Gold wrote this');

      await conflict.getByRole('button', { name: 'Reload', exact: true }).click();
      await conflict.waitFor({ state: 'detached' });
      expect(await field(silver, 'Description').inputValue()).toBe('Gold wrote this');
      await field(silver, 'Description').fill('Both of us');
      const saved = nextAlert(silver);
      await silver.getByRole('button', { name: 'Update Item', exact: true }).click();
      expect(await saved).toBe(`Inventory item ${item.id} updated successfully!`);
      expect((await getItem(silverApi, item.id)).description).toBe('Both of us');
    },
    90_000,
  );
});
