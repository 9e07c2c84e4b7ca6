import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { addClient, getClientRecord, shownAmount, uniqueClientName } from '../support/clients';
import { baseUrl } from '../support/state';
import { createItem, getItem, uniqueSerial } from '../support/inventory';
import { heading } from '../support/ui';

const browserTest = browserSuite();

/** contracts/src/corrections.ts: what silver reads beside a disabled Void. */
const VOID_NOT_ALLOWED = 'Only platinum and gold members can void entries.';

let gold: APIRequestContext;
beforeAll(async () => {
  gold = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await gold?.dispose();
});

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/**
 * The balance the client's page shows ("Balance: ▲ £250.00 (the shop owes)") as its figure: the paragraph, not
 * the History's "Balance: £0.00 → £250.00" lines.
 */
async function pageBalance(page: Page): Promise<string> {
  return shownAmount(await page.locator('p', { hasText: /^Balance:/ }).innerText());
}

async function waitForBalance(page: Page, amount: string): Promise<void> {
  await page.waitForFunction(
    (want) =>
      Array.from(document.querySelectorAll('p')).some(
        (p) => p.textContent?.startsWith('Balance:') && p.textContent.includes(want),
      ),
    amount,
  );
}

const ledger = (page: Page) => page.getByRole('table', { name: 'Recent ledger entries' });

describe('corrections by reversal on screen (issue 12)', () => {
  browserTest(
    'gold records a payment, voids it with a reason: the balance is back, the entry marked voided, History says why',
    async (kit) => {
      const name = uniqueClientName('E2E Void');
      const reason = `Recorded against the wrong client ${Date.now().toString(36)}`;
      const client = await addClient(gold, { name });
      const page = await kit.newPage({ as: demo.gold });

      // A payment from the clients list moves the balance.
      await page.goto(`/clients?search=${encodeURIComponent(name)}`);
      const row = page
        .getByRole('table', { name: 'Clients' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await row.getByRole('button', { name: 'Payment', exact: true }).click();
      const payment = page.getByRole('dialog', { name: `Payment for ${name}` });
      await field(payment, 'Amount').fill('250');
      await field(payment, 'Note').fill('Deposit');
      await payment.getByRole('button', { name: 'Record Payment', exact: true }).click();
      await payment.waitFor({ state: 'detached' });
      await page.getByText(`Received £250.00 from ${name}. Balance now £250.00 (the shop owes).`).waitFor();
      expect((await getClientRecord(gold, client.id)).balance).toBe(250);

      // The client's page: the balance, and Void on the payment.
      await page.goto(`/clients/edit/${client.id}`);
      await heading(page, 'Edit Client').waitFor();
      await waitForBalance(page, '£250.00');
      expect(await pageBalance(page)).toBe('£250.00');
      const voidButton = ledger(page).getByRole('button', { name: /^Void Received £250\.00 on / });
      await voidButton.click();
      const dialog = page.getByRole('dialog', { name: 'Void ledger entry' });
      expect(await dialog.innerText()).toContain('Voiding cannot be undone.');
      expect(await dialog.innerText()).toContain(name);

      // The reason is required: Void without one is refused in the dialog.
      await dialog.getByRole('button', { name: 'Void', exact: true }).click();
      await dialog.getByText('Give a reason for the void.').waitFor();
      await field(dialog, 'Reason').fill(reason);
      await dialog.getByRole('button', { name: 'Void', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // The balance is restored, on screen and on the server.
      await page.getByText(/^Voided Received £250\.00 on .*Balance now £0\.00/).waitFor();
      await waitForBalance(page, '£0.00');
      expect(await pageBalance(page)).toBe('£0.00');
      expect((await getClientRecord(gold, client.id)).balance).toBe(0);

      // The original stays, marked Voided with the reason and who; its reversal follows; neither has Void.
      // (The reversal's own note names the reason too, as "Void of #id: …".)
      const original = ledger(page)
        .locator('tbody tr')
        .filter({ hasText: reason })
        .filter({ hasNotText: /Void of/ });
      await original.waitFor();
      expect(await original.innerText()).toContain('Voided');
      expect(await original.innerText()).toContain('gold');
      const reversal = ledger(page)
        .locator('tbody tr')
        .filter({ hasText: /Void of Received £250\.00 on / });
      await reversal.waitFor();
      expect(await reversal.innerText()).toContain('-£250.00');
      expect(
        await ledger(page)
          .getByRole('button', { name: /^Void / })
          .count(),
      ).toBe(0);

      // The client's History tells the void with its reason.
      const history = page.getByRole('region', { name: 'History', exact: true });
      await history.getByRole('heading', { name: 'History', exact: true }).waitFor();
      const told = history.getByRole('listitem').filter({ hasText: reason });
      await told.first().waitFor();
      expect(await told.first().innerText()).toContain('Voided');
      expect(await told.first().innerText()).toContain('gold');
    },
  );

  browserTest('silver sees Void disabled, with the reason on screen', async (kit) => {
    const name = uniqueClientName('E2E Void Silver');
    const client = await addClient(gold, { name });
    const paid = await apiSend(gold, 'POST', `/api/api/clients/${client.id}/ledger/`, {
      direction: 'received',
      amount: '10.00',
      currency: 'GBP',
      method: 'Cash',
      note: 'Strap',
    });
    expect(paid.status()).toBe(201);
    const page = await kit.newPage({ as: demo.silver });

    await page.goto(`/clients/edit/${client.id}`);
    await heading(page, 'Edit Client').waitFor();
    const voidButton = ledger(page).getByRole('button', { name: /^Void Received £10\.00 on / });
    await voidButton.waitFor();
    expect(await voidButton.isDisabled()).toBe(true);
    await page.getByText(VOID_NOT_ALLOWED, { exact: true }).waitFor();
    // The reason is the button's description, read out with it, not only a tooltip.
    const describedBy = await voidButton.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(VOID_NOT_ALLOWED);
  });
  browserTest('gold voids a sale on the item page: the item is available again', async (kit) => {
    const serial = uniqueSerial('E2E-VOID');
    const item = await createItem(gold, {
      serial,
      stockType: 'Watches',
      brand: 'Omega',
      model: 'Speedmaster',
      retailPrice: '6500',
      transactions: [{ type: 'cash', amount: '4100' }],
    });
    const sold = await apiSend(gold, 'POST', `/api/api/items/${item.id}/sell/`, {
      price: '6400',
      paymentMethod: 'Cash',
    });
    expect(sold.status()).toBe(200);
    const page = await kit.newPage({ as: demo.gold });

    await page.goto(`/inventory/edit/${item.id}`);
    const sale = page.getByRole('region', { name: 'Sale', exact: true });
    await sale.waitFor();
    expect(await sale.innerText()).toContain('£6,400.00');
    await sale.getByRole('button', { name: 'Void sale', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Void sale of ${serial}` });
    await field(dialog, 'Reason').fill('Sold the wrong watch');
    await dialog.getByRole('button', { name: 'Void', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await sale.getByText('was voided: the item is Available again.', { exact: false }).waitFor();
    expect(await field(page, 'Status').inputValue()).toBe('Available');
    expect((await getItem(gold, item.id)).status).toBe('available');
  });

  browserTest('gold voids an expense on /expenselist: it stays, marked, beside its reversal', async (kit) => {
    const name = `E2E Void expense ${Date.now().toString(36)}`;
    const saved = await apiSend(gold, 'POST', '/api/api/expenses/', {
      name,
      amount: '42.50',
      currency: 'GBP',
      payment_method: 'Cash',
      notes: '',
    });
    expect(saved.status()).toBe(201);
    const page = await kit.newPage({ as: demo.gold });

    await page.goto('/expenselist');
    const table = page.getByRole('table', { name: 'Expenses' });
    await table.getByRole('button', { name: new RegExp(`^Void ${name}, £42\\.50 on `) }).click();
    const dialog = page.getByRole('dialog', { name: 'Void expense' });
    await field(dialog, 'Reason').fill('Paid twice');
    await dialog.getByRole('button', { name: 'Void', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const reversal = table
      .locator('tbody tr')
      .filter({ hasText: new RegExp(`Void of ${name}, £42\\.50 on `) });
    await reversal.waitFor();
    expect(await reversal.innerText()).toContain('-£42.50');
    const original = table
      .locator('tbody tr')
      .filter({ hasText: name })
      .filter({ hasText: /Voided/ });
    await original.waitFor();
    expect(await original.innerText()).toContain('Paid twice');
    expect(await table.getByRole('button', { name: new RegExp(`^Void ${name}`) }).count()).toBe(0);
  });
  browserTest('gold voids a quick sale from the list under the /quicksales form', async (kit) => {
    const name = `E2E Void quick sale ${Date.now().toString(36)}`;
    const saved = await apiSend(gold, 'POST', '/api/api/quick-sales/', {
      name,
      amount: '19.99',
      currency: 'GBP',
      payment_method: 'Cash',
    });
    expect(saved.status()).toBe(201);
    const page = await kit.newPage({ as: demo.gold });

    await page.goto('/quicksales');
    const table = page.getByRole('table', { name: 'Recent quick sales' });
    await table.getByRole('button', { name: new RegExp(`^Void ${name}, £19\\.99 on `) }).click();
    const dialog = page.getByRole('dialog', { name: 'Void quick sale' });
    await field(dialog, 'Reason').fill('Rang up by mistake');
    await dialog.getByRole('button', { name: 'Void', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const reversal = table
      .locator('tbody tr')
      .filter({ hasText: new RegExp(`Void of ${name}, £19\\.99 on `) });
    await reversal.waitFor();
    expect(await reversal.innerText()).toContain('-£19.99');
    const original = table
      .locator('tbody tr')
      .filter({ hasText: name })
      .filter({ hasText: /Voided/ });
    await original.waitFor();
    expect(await original.innerText()).toContain('Rang up by mistake');
  });
});
