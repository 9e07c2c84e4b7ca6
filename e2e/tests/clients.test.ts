import type { APIRequestContext, Dialog, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import {
  addClient,
  emailFor,
  findClients,
  getClientRecord,
  getClientSummary,
  listClients,
  PDF_BYTES,
  pounds,
  shownAmount,
  uniqueClientName,
} from '../support/clients';
import { baseUrl } from '../support/state';
import { heading, waitForPath } from '../support/ui';

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.silver);
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

const clientsTable = (page: Page) => page.getByRole('table', { name: 'Clients' });

function clientRow(page: Page, name: string): Locator {
  return clientsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** The balance cell of a client's row, as shown (`-£150.25`). */
async function rowBalance(page: Page, name: string): Promise<string> {
  return shownAmount(await clientRow(page, name).locator('td').nth(2).innerText());
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

describe('clients', () => {
  browserTest(
    'adds a client: an invalid email is refused in place and nothing is saved; then the alert, and the client is listed with KYC',
    async (kit) => {
      const name = uniqueClientName('E2E Add');
      const email = emailFor(name);
      const page = await kit.newPage({ as: demo.silver });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/api/clients/')) {
          posts.push(new URL(request.url()).pathname);
        }
      });

      await page.goto('/clients');
      await heading(page, 'Clients').waitFor();
      await page.getByRole('link', { name: '+ Add Client', exact: true }).click();
      await waitForPath(page, '/clients/add');
      await heading(page, 'Add Client').waitFor();
      expect(await field(page, 'KYC Document').getAttribute('accept')).toBe('.pdf,.jpg,.png');

      await field(page, 'Name').fill(name);
      await field(page, 'Email').fill('not-an-email');
      await field(page, 'Phone').fill('+44 20 7946 0958');
      await field(page, 'Notes').fill('Met at Baselworld.');
      await page.getByRole('button', { name: 'Save Client', exact: true }).click();
      await page.getByText('Enter a valid email address.', { exact: true }).waitFor();
      expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
      expect(posts).toEqual([]);
      expect(await findClients(api, name)).toEqual([]);
      expect(await field(page, 'Name').inputValue()).toBe(name);

      await field(page, 'Email').fill(email);
      await field(page, 'KYC Document').setInputFiles({
        name: 'passport.pdf',
        mimeType: 'application/pdf',
        buffer: PDF_BYTES,
      });
      const alert = nextAlert(page);
      await page.getByRole('button', { name: 'Save Client', exact: true }).click();
      expect(await alert).toBe('Client added successfully');
      await waitForPath(page, '/clients');

      const [saved] = await findClients(api, name);
      expect(saved).toMatchObject({
        name,
        email,
        phone: '+44 20 7946 0958',
        notes: 'Met at Baselworld.',
        status: 'active',
        balance: 0,
        kyc: true,
      });
      expect(posts).toEqual(['/api/api/clients/', `/api/api/clients/${saved!.id}/kyc/`]);

      // Found with the search box; the search is kept in the URL.
      await page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
      await page.getByRole('searchbox', { name: 'Search clients' }).press('Enter');
      await page.waitForURL((url) => url.searchParams.get('search') === name);
      const row = clientRow(page, name);
      await row.waitFor();
      const cells = await row.locator('td').allInnerTexts();
      expect(cells[0]).toBe(email);
      expect(cells[1]).toBe('+44 20 7946 0958');
      expect(shownAmount(cells[2] ?? '')).toBe('£0.00');
      expect(cells[3]).toContain('Yes');
      expect(cells[4]).toBe('Active');
      expect(await clientsTable(page).getByRole('rowheader').count()).toBe(1);
    },
    90_000,
  );

  browserTest('edit loads the real record and the changes persist', async (kit) => {
    const name = uniqueClientName('E2E Edit');
    const client = await addClient(api, { name, phone: '020 7946 0000' });
    const page = await kit.newPage({ as: demo.silver });
    await page.goto(`/clients?search=${encodeURIComponent(name)}`);
    await clientRow(page, name).getByRole('button', { name: 'Edit', exact: true }).click();
    await waitForPath(page, `/clients/edit/${client.id}`);
    await heading(page, 'Edit Client').waitFor();
    await page.getByText('No KYC documents on file.').waitFor();
    expect(await field(page, 'Name').inputValue()).toBe(name);
    expect(await field(page, 'Email').inputValue()).toBe(client.email);
    expect(await field(page, 'Phone').inputValue()).toBe('020 7946 0000');

    const renamed = `${name} Jr`;
    await field(page, 'Name').fill(renamed);
    await field(page, 'Phone').fill('+33 1 23 45 67 89');
    await field(page, 'Status').selectOption({ label: 'Not Active' });
    await field(page, 'Notes').fill('Moved to Paris.');
    const alert = nextAlert(page);
    await page.getByRole('button', { name: 'Update Client', exact: true }).click();
    expect(await alert).toBe('Client updated');
    await waitForPath(page, '/clients');

    const saved = await getClientRecord(api, client.id);
    expect(saved).toMatchObject({
      name: renamed,
      phone: '+33 1 23 45 67 89',
      status: 'inactive',
      notes: 'Moved to Paris.',
    });

    // A fresh load shows what was saved.
    await page.goto(`/clients/edit/${client.id}`);
    await heading(page, 'Edit Client').waitFor();
    await field(page, 'Name').waitFor();
    await page.waitForFunction(
      (expected) =>
        (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === expected,
      renamed,
    );
    expect(await field(page, 'Phone').inputValue()).toBe('+33 1 23 45 67 89');
    expect(await field(page, 'Status').inputValue()).toBe('inactive');
    expect(await field(page, 'Notes').inputValue()).toBe('Moved to Paris.');

    await page.goto(`/clients?search=${encodeURIComponent(renamed)}&status=inactive`);
    expect(await clientRow(page, renamed).locator('td').nth(4).innerText()).toBe('Not Active');
  });

  browserTest(
    'Payment records money either way and the balance shown changes to what the server keeps',
    async (kit) => {
      const name = uniqueClientName('E2E Pay');
      const client = await addClient(api, { name });
      const page = await kit.newPage({ as: demo.silver });
      await page.goto(`/clients?search=${encodeURIComponent(name)}`);
      await clientRow(page, name).waitFor();
      expect(await rowBalance(page, name)).toBe('£0.00');

      await clientRow(page, name).getByRole('button', { name: 'Payment', exact: true }).click();
      let dialog = page.getByRole('dialog', { name: `Payment for ${name}` });
      expect(await field(dialog, 'Currency').inputValue()).toBe('GBP');
      expect(await field(dialog, 'Payment Method').inputValue()).toBe('Cash');
      await field(dialog, 'Direction').selectOption({ label: 'Paid to client' });
      await field(dialog, 'Amount').fill('150.25');
      await field(dialog, 'Note').fill('Deposit returned');
      await dialog.getByRole('button', { name: 'Record Payment', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`Paid £150.25 to ${name}. Balance now -£150.25 (owes the shop).`).waitFor();
      await page.waitForFunction(
        (n) =>
          Array.from(document.querySelectorAll('tr')).some(
            (tr) => tr.querySelector('th')?.textContent === n && tr.textContent?.includes('-£150.25'),
          ),
        name,
      );
      expect(await rowBalance(page, name)).toBe('-£150.25');
      expect((await getClientRecord(api, client.id)).balance).toBe(-150.25);

      // Received in US dollars at a rate: the balance moves by round2(100.05 × 0.79123456) = £79.16.
      await clientRow(page, name).getByRole('button', { name: 'Payment', exact: true }).click();
      dialog = page.getByRole('dialog', { name: `Payment for ${name}` });
      await field(dialog, 'Currency').selectOption('USD');
      await field(dialog, 'Amount').fill('100.05');
      await field(dialog, 'Exchange Rate').fill('0.79123456');
      await field(dialog, 'Payment Method').selectOption('Bank Transfer');
      await dialog.getByText('Adds £79.16 to the balance, which becomes -£71.09.').waitFor();
      await dialog.getByRole('button', { name: 'Record Payment', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`Received £79.16 from ${name}. Balance now -£71.09 (owes the shop).`).waitFor();
      const saved = await getClientRecord(api, client.id);
      expect(saved.balance).toBe(-71.09);
      await page.waitForFunction(
        (n) =>
          Array.from(document.querySelectorAll('tr')).some(
            (tr) => tr.querySelector('th')?.textContent === n && tr.textContent?.includes('-£71.09'),
          ),
        name,
      );
      expect(await rowBalance(page, name)).toBe(pounds(saved.balance));

      // The edit page lists both entries, newest first.
      await page.goto(`/clients/edit/${client.id}`);
      const ledger = page.getByRole('table', { name: 'Recent ledger entries' });
      await ledger.waitFor();
      const rows = await ledger.locator('tbody tr').allInnerTexts();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain('Bank Transfer');
      expect(rows[1]).toContain('Deposit returned');
    },
  );

  browserTest(
    'Return is disabled for a client with no item out; Check Out hands the client to the in-stock list',
    async (kit) => {
      const name = uniqueClientName('E2E Return');
      const client = await addClient(api, { name });
      expect(client.hasItemCheckedOut).toBe(false);
      const page = await kit.newPage({ as: demo.silver });
      await page.goto(`/clients?search=${encodeURIComponent(name)}`);
      const row = clientRow(page, name);
      await row.waitFor();
      expect(await row.getByRole('button', { name: 'Return', exact: true }).isDisabled()).toBe(true);
      for (const label of ['Edit', 'Payment', 'Check Out']) {
        expect(await row.getByRole('button', { name: label, exact: true }).isEnabled()).toBe(true);
      }

      await row.getByRole('button', { name: 'Check Out', exact: true }).click();
      await waitForPath(page, '/inventory/available');
      expect(new URL(page.url()).searchParams.get('checkout_client')).toBe(String(client.id));
      await page.getByText(`Choose an item to check out to ${name}`).waitFor();
    },
  );

  browserTest(
    'the dashboard’s client widgets show the figures the API reports; a debtor opens Client Details',
    async (kit) => {
      const summary = await getClientSummary(api);
      const recent = await listClients(api, { ordering: '-updated_at', page_size: '10' });
      expect(summary.total).toBeGreaterThanOrEqual(25);
      expect(summary.debtors.length).toBeGreaterThan(0);
      const page = await kit.newPage({ as: demo.silver });
      await page.goto('/dashboard');
      await heading(page, 'Dashboard').waitFor();

      const clientsCard = page.getByRole('region', { name: 'Clients', exact: true });
      await clientsCard.getByText(String(summary.total), { exact: true }).waitFor();
      expect(await clientsCard.innerText()).toContain(
        `${summary.active} active · ${summary.inactive} not active · ${summary.withKyc} with KYC`,
      );

      const balances = page.getByRole('region', { name: 'Client Balances' });
      await balances.locator('dd').first().waitFor();
      const values = (await balances.locator('dd').allInnerTexts()).map(shownAmount);
      expect(values).toEqual([
        pounds(-summary.totalOwedToShop),
        pounds(summary.totalOwedByShop),
        pounds(summary.netBalance),
      ]);
      expect(await balances.locator('dt').first().innerText()).toBe(
        `Owed to the shop (${summary.debtorCount} ${summary.debtorCount === 1 ? 'client' : 'clients'})`,
      );

      const recentTable = balances.getByRole('table', { name: 'Recently active clients' });
      await recentTable.waitFor();
      expect(await recentTable.getByRole('rowheader').allInnerTexts()).toEqual(
        recent.results.slice(0, 5).map((c) => c.name),
      );

      const debtors = page.getByRole('table', { name: 'Debtors' });
      await debtors.waitFor();
      expect(await debtors.getByRole('rowheader').allInnerTexts()).toEqual(
        summary.debtors.map((d) => d.name),
      );
      const debtorAmounts = (await debtors.locator('tbody td:nth-of-type(1)').allInnerTexts()).map(
        shownAmount,
      );
      expect(debtorAmounts).toEqual(summary.debtors.map((d) => pounds(d.balance)));
      const creditors = page.getByRole('table', { name: 'Creditors' });
      expect(await creditors.getByRole('rowheader').allInnerTexts()).toEqual(
        summary.creditors.map((c) => c.name),
      );

      const first = summary.debtors[0]!;
      await debtors.getByRole('button', { name: first.name, exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Client Details' });
      await modal.getByText(first.name, { exact: true }).first().waitFor();
      const record = await getClientRecord(api, first.id);
      await modal.getByText(record.email, { exact: true }).waitFor();
      expect(shownAmount(await modal.locator('dt:text-is("Balance") + dd').innerText())).toBe(
        pounds(record.balance),
      );
      await modal.getByRole('table', { name: 'Recent ledger entries' }).waitFor();
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
    },
  );
});
