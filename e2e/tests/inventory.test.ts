import type { APIRequestContext, Dialog, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { finishDocumentDialog } from '../support/documents';
import {
  clientInList,
  createClient,
  createItem,
  getItem,
  itemBySerial,
  listItems,
  uniqueSerial,
} from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading, topBar, waitForPath } from '../support/ui';
import { rowAction } from '../support/row-actions';

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await api?.dispose();
});

/** Resolves with the text of the next window.alert, which it accepts. */
function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      const message = dialog.message();
      void dialog.accept().then(() => resolve(message));
    });
  });
}

const itemsTable = (page: Page) => page.getByRole('table').first();

/** The table row whose row header (the serial) starts with `serial`. */
function itemRow(page: Page, serial: string): Locator {
  return itemsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) }) });
}

const rowButton = (page: Page, serial: string, name: string) =>
  itemRow(page, serial).getByRole('button', { name, exact: true });

const search = (page: Page) => new URL(page.url()).searchParams;

async function pickClient(scope: Locator, label: string, name: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).fill(name);
  await scope
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
}

// The credit line and the check-out need clients: each test makes its own through the clients API (issue 4).
describe('inventory', () => {
  browserTest(
    'adds an item with a cash and a credit transaction: the total shown is what the server saved; alert, then listed on /inventory/manage and found from the top bar',
    async (kit) => {
      const client = await createClient(api, `E2E Credit ${uniqueSerial('c')}`);
      const serial = uniqueSerial('ADD');
      const page = await kit.newPage({ as: demo.gold });
      await page.goto('/inventory/add');
      await heading(page, 'Add Inventory Item').waitFor();

      await page.getByLabel('Serial Number', { exact: true }).fill(serial);
      const model = page.getByLabel('Model', { exact: true });
      expect(await model.isDisabled()).toBe(true);
      await page.getByLabel('Brand', { exact: true }).selectOption('Rolex');
      await model.selectOption('Daytona');
      await page.getByLabel('Retail Price (£)', { exact: true }).fill('19999');

      await page.getByRole('button', { name: 'Add Transaction' }).click();
      const cash = page.getByRole('group', { name: 'Transaction 1' });
      await cash.getByLabel('Amount', { exact: true }).fill('10000.01');
      await cash.getByLabel('Currency', { exact: true }).selectOption('USD');
      await cash.getByLabel('Exchange Rate', { exact: true }).fill('0.7915');
      await cash.getByLabel('Fee (%)', { exact: true }).fill('1.25');

      await page.getByRole('button', { name: 'Add Transaction' }).click();
      const credit = page.getByRole('group', { name: 'Transaction 2' });
      await credit.getByLabel('Type', { exact: true }).selectOption('credit');
      await credit.getByLabel('Amount', { exact: true }).fill('1250.55');
      await pickClient(credit, 'Client', client.name);

      const shownTotal = await page.getByLabel('Purchase Price (£)', { exact: true }).inputValue();
      expect(shownTotal).toMatch(/^\d+\.\d{2}$/);

      const alert = nextAlert(page);
      await page.getByRole('button', { name: 'Add Item', exact: true }).click();
      expect(await alert).toBe('Inventory item added successfully!');
      await waitForPath(page, '/inventory/manage');
      await heading(page, 'Manage Inventory').waitFor();
      await itemRow(page, serial).waitFor();

      const saved = await itemBySerial(api, serial);
      expect(saved.purchasePrice.toFixed(2)).toBe(shownTotal);
      expect(search(page).get('highlight')).toBe(String(saved.id));
      expect(await itemRow(page, serial).getAttribute('aria-current')).toBe('true');
      expect(await itemRow(page, serial).innerText()).toContain(
        `£${saved.purchasePrice.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
      );

      // The shell's search box: an exact serial (typed, or from a keyboard-wedge scanner) opens the item…
      const box = topBar(page).getByPlaceholder('Serial Number / QR Code...');
      await box.fill(serial);
      await box.press('Enter');
      await waitForPath(page, `/inventory/item/${saved.id}`);
      await heading(page, `Rolex Daytona — ${serial}`).waitFor();
      // …and anything else searches all stock.
      await box.fill(serial.slice(0, -1));
      await box.press('Enter');
      await waitForPath(page, '/inventory/all');
      await heading(page, 'All Inventory Stock').waitFor();
      await itemRow(page, serial).waitFor();
      expect(await itemsTable(page).getByRole('rowheader').count()).toBe(1);
      expect(await itemRow(page, serial).getByRole('rowheader').textContent()).toBe(`${serial} (Watches)`);
    },
    90_000,
  );

  browserTest('filters by brand then model and by inclusive price bounds, each from page 1', async (kit) => {
    const all = await listItems(api, { page_size: '100' });
    expect(all.count).toBeGreaterThan(10);
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/inventory/all?page=2');
    await heading(page, 'All Inventory Stock').waitFor();
    await page.getByText(/^Page 2 of \d+$/).waitFor();

    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await toggle.click();
    await page.getByRole('button', { name: 'Close Filters', exact: true }).waitFor();
    const panel = page.getByRole('form', { name: 'Filters' });
    const model = panel.getByLabel('Model', { exact: true });
    expect(await model.isDisabled()).toBe(true);
    await panel.getByLabel('Brand', { exact: true }).selectOption('Omega');
    // The shop's catalogue (issue 22): the specification's five Omega models first, in its order, then the
    // reference list's further ones.
    const omega = (await model.locator('option').allInnerTexts()).slice(1);
    expect(omega.slice(0, 5)).toEqual([
      'Speedmaster',
      'Seamaster',
      'Constellation',
      'De Ville',
      'Globemaster',
    ]);
    expect(omega).toContain('Railmaster');
    await model.selectOption('Seamaster');
    await panel.getByLabel('Brand', { exact: true }).selectOption('Rolex');
    expect(await model.inputValue()).toBe('');
    await model.selectOption('Submariner');
    await panel.getByRole('button', { name: 'Save Filter' }).click();

    await panel.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.searchParams.get('model') === 'Submariner');
    expect(search(page).get('page')).toBeNull();
    expect(search(page).get('brand')).toBe('Rolex');
    const expected = await listItems(api, { brand: 'Rolex', model: 'Submariner', page_size: '100' });
    const pages = Math.max(1, Math.ceil(expected.count / 10));
    await page.getByText(`Page 1 of ${pages}`, { exact: true }).waitFor();
    if (expected.count > 0) {
      await itemRow(page, expected.results[0]!.serial).waitFor();
      const shown = await itemsTable(page).getByRole('rowheader').count();
      expect(shown).toBe(Math.min(10, expected.count));
    }

    // Remove Filter clears everything and closes the panel.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('button', { name: 'Remove Filter' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();

    // Price bounds are inclusive on the purchase price: min = max = one item's price still lists it.
    const target = all.results.find((item) => item.purchasePrice > 0)!;
    const price = target.purchasePrice.toFixed(2);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await panel
      .getByLabel('Min Price (£)', { exact: true })
      .fill(`£${Number(price).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    await panel.getByLabel('Max Price (£)', { exact: true }).fill(price);
    await panel.getByRole('button', { name: 'Save Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('min_price') === price);
    const sameAsApi = await listItems(api, { min_price: price, max_price: price });
    // The unfiltered page can still be on screen (with the target on it) for a moment after the
    // address changes: wait for the filtered page's own pager before counting its rows.
    await page
      .getByText(`Page 1 of ${Math.max(1, Math.ceil(sameAsApi.count / 10))}`, { exact: true })
      .waitFor();
    await itemRow(page, target.serial).waitFor();
    expect(await itemsTable(page).getByRole('rowheader').count()).toBe(Math.min(10, sameAsApi.count));

    // Items per page: a new size starts at page 1.
    await page.goto('/inventory/all?page=2');
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    await page.getByLabel('Items per page').selectOption('25');
    await page.getByText(`Page 1 of ${Math.ceil(all.count / 25)}`, { exact: true }).waitFor();
    expect(search(page).get('page')).toBeNull();
  });

  browserTest('Sell records a sale: the item is sold and Sell is disabled', async (kit) => {
    const serial = uniqueSerial('SELL');
    const item = await createItem(api, {
      serial,
      stockType: 'Watches',
      brand: 'Omega',
      model: 'Speedmaster',
      retailPrice: '6500',
      transactions: [{ type: 'cash', amount: '4100' }],
    });
    const page = await kit.newPage({ as: demo.gold });
    await page.goto(`/inventory/all?search=${encodeURIComponent(serial)}`);
    await itemRow(page, serial).waitFor();
    await rowButton(page, serial, 'Sell').click();
    const dialog = page.getByRole('dialog', { name: `Sell ${serial}` });
    expect(await dialog.getByLabel('Payment Method', { exact: true }).inputValue()).toBe('Cash');
    // Issue 21: it opens on the price, filled in with the listing price, and Confirm Sale is in view at 1280×800
    // however long the form (its actions stay at the dialog's foot while the fields scroll).
    const price = dialog.getByLabel('Sale Price (GBP)', { exact: true });
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    expect(await price.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await price.inputValue()).toBe('6500.00');
    const confirm = dialog.getByRole('button', { name: 'Confirm Sale' });
    const box = await confirm.boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= 800).toBe(true);
    await price.fill('6,250');
    await confirm.click();
    await finishDocumentDialog(dialog);
    await page.getByText(`${serial} is sold.`).waitFor();
    // Focus goes to the list's heading, beside "is sold.", not to the page's body.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await itemRow(page, serial).filter({ hasText: 'Sold' }).waitFor();
    expect(await rowButton(page, serial, 'Sell').isDisabled()).toBe(true);
    expect(await (await rowAction(itemRow(page, serial), serial, 'Checkout')).isDisabled()).toBe(true);
    expect((await getItem(api, item.id)).status).toBe('sold');
  });

  browserTest(
    'Checkout to a client; that client’s Return on /clients is enabled and leads to the item; Return makes it available',
    async (kit) => {
      const client = await createClient(api, `E2E Approval ${uniqueSerial('c')}`);
      const serial = uniqueSerial('OUT');
      const item = await createItem(api, {
        serial,
        stockType: 'Jewellery',
        transactions: [{ type: 'cash', amount: '800' }],
      });
      const page = await kit.newPage({ as: demo.gold });
      await page.goto(`/inventory/available?search=${encodeURIComponent(serial)}`);
      await heading(page, 'In Stock').waitFor();
      await (await rowAction(itemRow(page, serial), serial, 'Checkout')).click();
      const dialog = page.getByRole('dialog', { name: `Check out ${serial}` });
      await pickClient(dialog, 'Client', client.name);
      await dialog.getByLabel('Note', { exact: true }).fill('On approval');
      await dialog.getByRole('button', { name: 'Check Out', exact: true }).click();
      await finishDocumentDialog(dialog);
      await page.getByText(`${serial} is checked out to ${client.name}.`).waitFor();
      expect((await getItem(api, item.id)).status).toBe('checked_out');
      expect((await clientInList(api, client)).hasItemCheckedOut).toBe(true);

      await page.goto(`/clients?search=${encodeURIComponent(client.name)}`);
      const clientRow = page.getByRole('row').filter({ hasText: client.name });
      const returnButton = clientRow.getByRole('button', { name: 'Return', exact: true });
      await returnButton.waitFor();
      expect(await returnButton.isEnabled()).toBe(true);
      await returnButton.click();
      await waitForPath(page, '/inventory/checked-out');
      expect(search(page).get('client')).toBe(String(client.id));
      await heading(page, 'Checked Out').waitFor();
      await page.getByText(`Items checked out to ${client.name}`).waitFor();
      await itemRow(page, serial).waitFor();
      expect(await itemsTable(page).getByRole('rowheader').count()).toBe(1);

      await (await rowAction(itemRow(page, serial), serial, 'Return')).click();
      await page.getByText(`${serial} has been returned and is available again.`).waitFor();
      // Return is undoable: the row says Available at once and the return is sent when its toast closes (~5 s).
      await itemRow(page, serial).waitFor({ state: 'detached', timeout: 20_000 });
      expect((await getItem(api, item.id)).status).toBe('available');
      expect((await clientInList(api, client)).hasItemCheckedOut).toBe(false);
    },
    90_000,
  );

  browserTest('edit shows status and prices read-only, and the changes persist', async (kit) => {
    const serial = uniqueSerial('EDIT');
    const item = await createItem(api, {
      serial,
      stockType: 'Watches',
      brand: 'Cartier',
      model: 'Tank',
      tradePrice: '2100.5',
      retailPrice: '2999',
      transactions: [
        { type: 'cash', amount: '1500', currency: 'EUR', exchangeRate: '0.86', feePercent: '2' },
      ],
    });
    const page = await kit.newPage({ as: demo.gold });
    await page.goto(`/inventory/edit/${item.id}`);
    await heading(page, 'Edit Inventory Item').waitFor();
    const serialField = page.getByLabel('Serial Number', { exact: true });
    await serialField.waitFor();
    expect(await serialField.inputValue()).toBe(serial);
    for (const [label, value] of [
      ['Status', 'Available'],
      ['Purchase Price (£)', item.purchasePrice.toFixed(2)],
      ['Trade Price (£)', '2100.50'],
      ['Retail Price (£)', '2999.00'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      expect(await field.getAttribute('readonly')).not.toBeNull();
      expect(await field.inputValue()).toBe(value);
    }

    await page.getByLabel('Model', { exact: true }).selectOption('Santos');
    await page.getByLabel('Description', { exact: true }).fill('Steel, 2019, full set');
    const alert = nextAlert(page);
    await page.getByRole('button', { name: 'Update Item', exact: true }).click();
    expect(await alert).toBe(`Inventory item ${item.id} updated successfully!`);
    await waitForPath(page, '/inventory/manage');

    const saved = await getItem(api, item.id);
    expect(saved.model).toBe('Santos');
    expect(saved.description).toBe('Steel, 2019, full set');
    expect(saved.purchasePrice).toBe(item.purchasePrice);

    await page.goto(`/inventory/edit/${item.id}`);
    await page.getByLabel('Description', { exact: true }).waitFor();
    expect(await page.getByLabel('Model', { exact: true }).inputValue()).toBe('Santos');
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe('Steel, 2019, full set');
  });
});
