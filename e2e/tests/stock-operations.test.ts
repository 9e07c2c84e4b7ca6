import jsQR from 'jsqr';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { createItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading } from '../support/ui';

// Issue 14 in the browser: a printed label's QR code read back from its pixels, and a stock count with one
// item missing and one serial Loupe does not know, through to the variance report.

const browserTest = browserSuite();

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await api?.dispose();
});

/** What the QR code in this PNG says, read by jsQR from the pixels alone (null when it finds none). */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return found?.data ?? null;
}

/** The figure shown under `name` in the figures list labelled `label`. */
const figure = (page: Page, label: string, name: string): Locator =>
  page
    .getByLabel(label)
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }) })
    .getByRole('definition');

describe('stock operations (issue 14)', () => {
  browserTest('a label’s QR code, as the browser draws it, decodes to the item’s serial', async (kit) => {
    const serial = uniqueSerial('LBL');
    const item = await createItem(api, {
      serial,
      stockType: 'Watches',
      brand: 'Omega',
      model: 'Speedmaster',
      retailPrice: '4999.50',
      transactions: [{ type: 'cash', amount: '3100' }],
    });
    const page = await kit.newPage({ as: demo.gold });
    // A printer's resolution rather than a screen's: three device pixels per CSS pixel.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 1280,
      height: 800,
      deviceScaleFactor: 3,
      mobile: false,
    });

    // The item's page offers its label.
    await page.goto(`/inventory/edit/${item.id}`);
    await page.getByRole('link', { name: 'Print label' }).click();
    await heading(page, 'Print Labels').waitFor();
    expect(new URL(page.url()).searchParams.get('ids')).toBe(String(item.id));

    const label = page.getByRole('figure', { name: `Label ${serial}` });
    await expect(label.innerText()).resolves.toContain('Omega Speedmaster');
    const qr = label.getByRole('img', { name: `QR code of ${serial}` });
    const png = await qr.screenshot({ type: 'png' });
    expect(decodeQr(png)).toBe(serial);

    // The PDF link prints the same labels.
    const pdf = page.getByRole('link', { name: 'Download PDF' });
    expect(await pdf.getAttribute('href')).toBe(`/api/api/labels/pdf/?ids=${item.id}&size=tag`);
  });

  browserTest(
    'a count of a few items: one left unscanned is missing, an unknown serial is unexpected, the report says so',
    async (kit) => {
      const place = `E2E safe ${uniqueSerial('LOC').slice(4)}`;
      const serials = [1, 2, 3].map((n) => uniqueSerial(`CNT${n}`));
      for (const serial of serials) {
        await createItem(api, {
          serial,
          stockType: 'Jewellery',
          brand: '',
          model: '',
          location: place,
          transactions: [{ type: 'cash', amount: '250' }],
        });
      }
      const unknown = uniqueSerial('NOPE');
      const [first, second, leftOut] = serials as [string, string, string];

      const page = await kit.newPage({ as: demo.gold });
      await page.goto('/inventory/stock-take');
      await heading(page, 'Stock Take').waitFor();
      await page.getByRole('button', { name: 'Start count' }).click();
      const start = page.getByRole('dialog', { name: 'Start count' });
      await start.getByLabel('Location').fill(place);
      await start.getByRole('button', { name: 'Start count' }).click();
      await heading(page, 'Stock Take').waitFor();
      await expect(figure(page, 'Count figures', 'Expected').innerText()).resolves.toBe('3');

      // A keyboard-wedge scanner types into the focused serial field and presses Enter.
      const serialField = page.getByRole('textbox', { name: /Serial/ });
      await expect(serialField.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      const answers: [string, string][] = [
        [first, `Found: ${first}`],
        [second, `Found: ${second}`],
        [first, `Already counted: ${first} was already scanned in this count.`],
        [unknown, `Unexpected: ${unknown} — Not in Loupe`],
      ];
      for (const [serial, answer] of answers) {
        await page.keyboard.type(serial);
        await page.keyboard.press('Enter');
        await page.getByText(answer, { exact: true }).waitFor();
        await expect(serialField.inputValue()).resolves.toBe('');
      }

      await expect(figure(page, 'Count figures', 'Found').innerText()).resolves.toBe('2');
      await page.getByRole('tab', { name: /^Missing/ }).click();
      await page.getByRole('tabpanel').getByRole('rowheader', { name: leftOut }).waitFor();
      expect(await figure(page, 'Count figures', 'Missing').innerText()).toBe('1');
      expect(await figure(page, 'Count figures', 'Unexpected').innerText()).toBe('1');

      await page.getByRole('button', { name: 'Close count' }).click();
      await page
        .getByRole('dialog', { name: 'Close this count?' })
        .getByRole('button', { name: 'Close count' })
        .click();
      await heading(page, 'Variance report', 2).waitFor();
      expect(await figure(page, 'Variance figures', 'Expected').innerText()).toBe('3');
      expect(await figure(page, 'Variance figures', 'Found').innerText()).toBe('2');
      expect(await figure(page, 'Variance figures', 'Missing').innerText()).toBe('1');
      expect(await figure(page, 'Variance figures', 'Unexpected').innerText()).toBe('1');
      const missing = page.getByRole('table', { name: 'Missing (1)' });
      await missing.getByRole('rowheader', { name: leftOut }).waitFor();
      const unexpected = page.getByRole('table', { name: 'Unexpected (1)' });
      await unexpected.getByRole('rowheader', { name: unknown }).waitFor();
      expect(await unexpected.getByRole('link', { name: `Add item ${unknown}` }).getAttribute('href')).toBe(
        `/inventory/add?serial=${encodeURIComponent(unknown)}`,
      );
    },
    90_000,
  );
});
