import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { downloadedBytes, pdfText } from '../support/documents';
import { uniqueSerial } from '../support/inventory';
import { heading } from '../support/ui';

// Issue 13 from the finance screens: a quick sale names its walk-in buyer and offers its invoice at once; the
// Invoices screen finds it by the buyer, links its PDF and exports the filtered list as CSV.

const browserTest = browserSuite();

describe('quick sale invoices (issue 13)', () => {
  browserTest(
    'a quick sale’s invoice downloads from its confirmation and is listed, searchable and exported on Invoices',
    async (kit) => {
      const buyer = `Lucía Quick ${uniqueSerial('b')}`;
      const page = await kit.newPage({ as: demo.gold });
      await page.goto('/quicksales');
      await heading(page, 'Add Quick Sale').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Strap, brown alligator');
      await page.getByLabel('Amount', { exact: true }).fill('1234.56');
      await page.getByLabel('Payment Method', { exact: true }).selectOption('Credit Card');
      await page.getByLabel('Buyer', { exact: true }).selectOption('A walk-in buyer');
      await page.getByLabel('Buyer name', { exact: true }).fill(buyer);
      await page.getByRole('button', { name: 'Save Quick Sale' }).click();

      const saved = page
        .getByRole('status')
        .filter({ hasText: 'Quick sale saved: Strap, brown alligator, £1,234.56' });
      const link = saved.getByRole('link', { name: /^Download invoice / });
      await link.waitFor();
      const reference = ((await link.innerText()).match(/Download invoice (\S+)/) ?? [])[1] ?? '(none)';
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(`${reference}.pdf`);
      const { text } = await pdfText(await downloadedBytes(download));
      for (const printed of [reference, buyer, 'Strap, brown alligator', '£1,234.56'])
        expect(text).toContain(printed);

      // The latest quick sales under the form show it with its invoice.
      const recent = page.getByRole('table', { name: 'Recent quick sales' });
      await recent.getByRole('link', { name: `Download ${reference} (PDF)` }).waitFor();

      // Invoices: searched by the buyer, the filter in the address, the PDF linked, the CSV of the same rows.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Invoices', exact: true })
        .click();
      await heading(page, 'Invoices').waitFor();
      await page.getByLabel('Search invoices', { exact: true }).fill(buyer);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/\/invoices\?.*search=/);
      await page.getByText('Showing 1–1 of 1', { exact: true }).waitFor();
      const row = page
        .getByRole('table', { name: 'Invoices' })
        .getByRole('row')
        .filter({ hasText: reference });
      expect(await row.innerText()).toContain(buyer);
      const pdfHref = await row.getByRole('link', { name: `Download PDF ${reference}` }).getAttribute('href');
      const pdf = await page.request.get(pdfHref ?? '');
      expect(pdf.status()).toBe(200);
      expect((await pdfText(await pdf.body())).text).toContain(reference);
      // Paid by card at once: the receipt is offered too.
      await row.getByRole('link', { name: `Receipt ${reference}` }).waitFor();

      const csvHref = await page
        .getByRole('link', { name: 'Download CSV', exact: true })
        .getAttribute('href');
      expect(new URL(csvHref ?? '', page.url()).searchParams.get('search')).toBe(buyer);
      const csv = await page.request.get(csvHref ?? '');
      expect(csv.status()).toBe(200);
      const lines = (await csv.text()).trim().split(/\r?\n/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(reference);
    },
    90_000,
  );
});
