import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { labelPriceText, priceCode } from '@loupe/contracts';
import { createPdf, fitOneLine, FONT, MM } from '../../../src/kernel/pdf';
import {
  LABEL_QR_OPTIONS,
  LABEL_STOCKS,
  SERIAL_MIN_SIZE,
  SERIAL_SIZE,
} from '../../../src/modules/inventory/labels-pdf';
import type { Browser } from '../../helper';
import { keep, parsePdf, placedText } from '../documents/pdf-support';
import { inventoryTestbed, itemBody } from './setup';

const { state, as } = inventoryTestbed();
const LABELS = '/api/labels/pdf/';

async function add(browser: Browser, over: Record<string, unknown> = {}): Promise<number> {
  const response = await browser.post('/api/items/', itemBody(over));
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function addMany(browser: Browser, n: number, prefix = 'LBL'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i += 1) {
    ids.push(
      await add(browser, { serial: `${prefix}-${String(i).padStart(3, '0')}`, retailPrice: 1000 + i }),
    );
  }
  return ids;
}

const setLabelPrice = (labelPrice: string, key = '') =>
  state.db.query(
    `INSERT INTO shop_settings (shop_id, label_price, price_code_key) VALUES ($1, $2, $3)
     ON CONFLICT (shop_id) DO UPDATE SET label_price = $2, price_code_key = $3`,
    [state.fx.shopId, labelPrice, key],
  );

/**
 * The first label's QR code as printed: the page rendered by pdftoppm (poppler, as CI has it) at 300 dpi in
 * grey levels, each module's centre read as dark or light.
 */
function printedQr(pdf: Buffer, size: 'tag' | 'a4', modules: number): boolean[][] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-label-'));
  try {
    writeFileSync(path.join(dir, 'l.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', '300', '-f', '1', '-l', '1', '-singlefile', 'l.pdf', 'page'], {
      cwd: dir,
    });
    const pgm = readFileSync(path.join(dir, 'page.pgm'));
    // P5 header: "P5\n<width> <height>\n255\n", then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('not a PGM');
    const width = Number(header[1]);
    const offset = header[0].length;
    const stock = LABEL_STOCKS[size];
    const pad = 2.5 * MM;
    const side = stock.h * MM - 2 * pad;
    const x0 = stock.left * MM + pad;
    const y0 = stock.top * MM + pad;
    const px = (pt: number) => Math.round((pt * 300) / 72);
    const unit = side / modules;
    return Array.from({ length: modules }, (_, row) =>
      Array.from({ length: modules }, (_, col) => {
        const x = px(x0 + (col + 0.5) * unit);
        const y = px(y0 + (row + 0.5) * unit);
        return (pgm[offset + y * width + x] ?? 255) < 128;
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expectedQr(serial: string): boolean[][] {
  const qr = QRCode.create(serial, LABEL_QR_OPTIONS);
  const n = qr.modules.size;
  return Array.from({ length: n }, (_, row) =>
    Array.from({ length: n }, (_, col) => Boolean(qr.modules.get(row, col))),
  );
}

describe('GET /api/labels/pdf/', () => {
  it('prints one tag per page, with the serial, brand/model and retail price, and the QR code of the serial', async () => {
    const browser = await as('silver');
    const id = await add(browser, {
      serial: 'RLX-7731-Q',
      brand: 'Cartier',
      model: 'Panthère',
      retailPrice: '12500',
    });
    const response = await browser.get(`${LABELS}?ids=${id}&size=tag`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="labels-tag.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.rawPayload;
    keep('label-tag.pdf', pdf);
    const parsed = await parsePdf(pdf);
    expect(parsed.pages).toHaveLength(1);
    expect(parsed.text).toContain('RLX-7731-Q');
    // The stock book's number (issue 22), under the serial.
    const { stockNumber } = (await browser.get(`/api/items/${id}/`)).json();
    expect(parsed.text).toContain(`Stock no. ${stockNumber}`);
    expect(parsed.text).toContain('Cartier Panthère');
    expect(parsed.text).toContain('£12,500.00');
    expect(parsed.standardFont).toBe(false);
    const expected = expectedQr('RLX-7731-Q');
    expect(printedQr(pdf, 'tag', expected.length)).toEqual(expected);
    // And it is not just any QR code: another serial's differs.
    expect(expectedQr('RLX-7731-R')).not.toEqual(expected);
  });

  it('fills A4 sheets 24 to a page, and tags one per page', async () => {
    const browser = await as('gold');
    const ids = await addMany(browser, 25);
    const a4 = await browser.get(`${LABELS}?ids=${ids.join(',')}&size=a4`);
    expect(a4.statusCode).toBe(200);
    keep('labels-a4.pdf', a4.rawPayload);
    const sheets = await parsePdf(a4.rawPayload);
    expect(sheets.pages).toHaveLength(2);
    expect(sheets.pages[0]).toContain('LBL-001');
    expect(sheets.pages[0]).toContain('LBL-024');
    expect(sheets.pages[0]).not.toContain('LBL-025');
    expect(sheets.pages[1]).toContain('LBL-025');
    const expected = expectedQr('LBL-001');
    expect(printedQr(a4.rawPayload, 'a4', expected.length)).toEqual(expected);

    const tags = await browser.get(`${LABELS}?ids=${ids.slice(0, 3).join(',')}&size=tag`);
    expect((await parsePdf(tags.rawPayload)).pages).toHaveLength(3);
    // Without a size: A4 sheets.
    const plain = await browser.get(`${LABELS}?ids=${ids.slice(0, 3).join(',')}`);
    expect((await parsePdf(plain.rawPayload)).pages).toHaveLength(1);
    expect(plain.headers['content-disposition']).toBe('inline; filename="labels-a4.pdf"');
  });

  it('prints the shop price code instead of the price, or no price, as the settings say', async () => {
    const browser = await as('silver');
    const id = await add(browser, { serial: 'CODE-1', retailPrice: '1250.99' });
    await setLabelPrice('code', 'BLACKHORSE');
    const coded = await parsePdf((await browser.get(`${LABELS}?ids=${id}&size=tag`)).rawPayload);
    expect(coded.text).toContain('BLKE');
    expect(coded.text).not.toContain('£');
    expect(coded.text).not.toContain('1,250');
    await setLabelPrice('none');
    const none = await parsePdf((await browser.get(`${LABELS}?ids=${id}&size=tag`)).rawPayload);
    expect(none.text).toContain('CODE-1');
    expect(none.text).not.toContain('£');
    expect(none.text).not.toContain('BLKE');
    await setLabelPrice('retail');
    const retail = await parsePdf((await browser.get(`${LABELS}?ids=${id}&size=tag`)).rawPayload);
    expect(retail.text).toContain('£1,250.99');
  });

  it('prints a serial that fits the label whole on one line, and shrinks or cuts only one that does not', async () => {
    const browser = await as('silver');
    // 15 characters with hyphens to break at: it fits at full size.
    const fits = 'LBL-20261126-AB';
    // 15 characters that printed as "LBL-…" on a sheet (issue 21): a hair too wide at 7.5 pt, whole a little smaller.
    const digits = 'LBL-00000000001';
    // As many characters, but wide ones: too wide at 7.5 pt, whole at a smaller size.
    const wide = 'MMMMMMMMMMMMMMM';
    const long = `LONG-${'X9'.repeat(40)}-END`;
    const ids = [
      await add(browser, { serial: digits, retailPrice: 1000 }),
      await add(browser, { serial: fits, retailPrice: 1000 }),
      await add(browser, { serial: wide, retailPrice: 1000 }),
      await add(browser, { serial: long, retailPrice: 1000 }),
    ];
    for (const size of ['a4', 'tag'] as const) {
      const pdf = (await browser.get(`${LABELS}?ids=${ids.join(',')}&size=${size}`)).rawPayload;
      keep(`labels-serials-${size}.pdf`, pdf);
      const runs = (await placedText(pdf)).flat();
      const stock = LABEL_STOCKS[size];
      // The right edge of the text column of the label a run is on: the label's width less its 2.5 mm pad.
      const rightOf = (x: number) => {
        const column = Math.floor((x / MM - stock.left) / stock.pitchX);
        return (stock.left + column * stock.pitchX + stock.w - 2.5) * MM;
      };
      const serialRun = (start: string) => runs.find((r) => r.str.startsWith(start));
      const nearly = serialRun('LBL-0');
      expect(nearly?.str).toBe(digits);
      expect(nearly?.size).toBeGreaterThanOrEqual(7);
      const whole = serialRun(fits);
      expect(whole).toMatchObject({ str: fits, size: SERIAL_SIZE });
      const shrunk = serialRun('MMM');
      expect(shrunk?.str).toBe(wide);
      expect(shrunk?.size).toBeLessThan(SERIAL_SIZE);
      expect(shrunk?.size).toBeGreaterThanOrEqual(SERIAL_MIN_SIZE);
      const cut = serialRun('LONG-');
      expect(cut?.str).toMatch(/^LONG-X9X9.*…$/);
      expect(cut?.size).toBe(SERIAL_MIN_SIZE);
      // Nothing runs past its label's text column, and no serial spilled onto a second line.
      for (const r of runs) expect(r.x + r.width).toBeLessThanOrEqual(rightOf(r.x) + 0.5);
      expect(runs.filter((r) => r.str === 'AB' || r.str === 'END' || r.str === 'M')).toEqual([]);
    }
  });

  it('prints a filtered list as the items list filters it', async () => {
    const browser = await as('silver');
    await addMany(browser, 3, 'OMG');
    await add(browser, { serial: 'CRT-9', brand: 'Cartier', model: 'Tank', stockType: 'Watches' });
    const response = await browser.get(`${LABELS}?search=omg&size=tag`);
    expect(response.statusCode).toBe(200);
    const parsed = await parsePdf(response.rawPayload);
    expect(parsed.pages).toHaveLength(3);
    expect(parsed.text).not.toContain('CRT-9');
    const byBrand = await parsePdf((await browser.get(`${LABELS}?brand=Cartier&size=tag`)).rawPayload);
    expect(byBrand.pages).toHaveLength(1);
    expect(byBrand.text).toContain('CRT-9');
    expect((await browser.get(`${LABELS}?brand=Omega`)).json()).toEqual({
      detail: 'No items match these filters: there is nothing to print.',
    });
  });

  it("answers 404 naming ids that are not the shop's, 400 for bad ids, 401 signed out", async () => {
    const mine = await add(await as('silver'), { serial: 'MINE-1' });
    const rival = await as('rival');
    const theirs = await add(rival, { serial: 'THEIRS-1' });
    const browser = await as('silver');
    const response = await browser.get(`${LABELS}?ids=${mine},${theirs},999999`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: `No item with ids ${theirs}, 999999 in this shop.` });
    // The rival prints theirs, and not ours.
    expect((await rival.get(`${LABELS}?ids=${theirs}`)).statusCode).toBe(200);
    expect((await rival.get(`${LABELS}?ids=${mine}`)).statusCode).toBe(404);

    expect((await browser.get(`${LABELS}?ids=1,x`)).json()).toEqual({
      ids: ['Enter item ids separated by commas, e.g. 1,2,3.'],
    });
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await browser.get(`${LABELS}?ids=${tooMany}`)).json()).toEqual({
      ids: ['At most 500 labels can be printed at a time.'],
    });
    expect((await browser.get(`${LABELS}?ids=${mine}&size=huge`)).statusCode).toBe(400);
    expect((await browser.get(`${LABELS}?ids=${mine}&brand=Rolex`)).statusCode).toBe(400);

    const anonymous = await as('anonymous');
    expect((await anonymous.get(`${LABELS}?ids=${mine}`)).statusCode).toBe(401);
  });
});

describe('labelPriceText', () => {
  const key = 'BLACKHORSE';
  it('writes the retail price, the price code, or nothing', () => {
    expect(labelPriceText({ retailPrice: 12500 }, { labelPrice: 'retail', priceCodeKey: '' })).toBe(
      '£12,500.00',
    );
    expect(labelPriceText({ retailPrice: 99.5 }, { labelPrice: 'retail', priceCodeKey: key })).toBe('£99.50');
    expect(labelPriceText({ retailPrice: 1250 }, { labelPrice: 'code', priceCodeKey: key })).toBe('BLKE');
    expect(labelPriceText({ retailPrice: 12500 }, { labelPrice: 'code', priceCodeKey: key })).toBe('BLKEE');
    expect(labelPriceText({ retailPrice: 12500 }, { labelPrice: 'none', priceCodeKey: key })).toBe('');
    expect(labelPriceText({ retailPrice: null }, { labelPrice: 'retail', priceCodeKey: '' })).toBe('');
    expect(labelPriceText({ retailPrice: 100 }, { labelPrice: 'code', priceCodeKey: '' })).toBe('');
  });
  it('maps each digit d to key[(d + 9) % 10], dropping pence', () => {
    expect(priceCode(1234567890, key)).toBe('BLACKHORSE');
    expect(priceCode(9.99, key)).toBe('S');
    expect(priceCode(0.5, 'blackhorse')).toBe('E');
  });
});

describe('fitOneLine', () => {
  const doc = createPdf({ title: 'fit', date: new Date('2026-11-26T12:00:00Z') });
  const width = (text: string, size: number) => doc.font(FONT.bold).fontSize(size).widthOfString(text);

  it("keeps what fits at its size, by the font's metrics and not by counting characters", () => {
    // Fifteen narrow characters fit where fifteen wide ones do not.
    const narrow = 'iiiiiiiiiiiiiii';
    const wide = 'WWWWWWWWWWWWWWW';
    const room = width(narrow, 7.5) + 1;
    expect(fitOneLine(doc, narrow, FONT.bold, 7.5, 5, room)).toEqual({
      text: narrow,
      size: 7.5,
      whole: true,
    });
    const shrunk = fitOneLine(doc, wide, FONT.bold, 7.5, 2, width(wide, 7.5) * 0.6);
    expect(shrunk.text).toBe(wide);
    expect(shrunk.size).toBeLessThan(7.5);
    expect(width(wide, shrunk.size)).toBeLessThanOrEqual(width(wide, 7.5) * 0.6);
    // A quarter point larger would not have fitted: it shrinks no more than it must.
    expect(width(wide, shrunk.size + 0.25)).toBeGreaterThan(width(wide, 7.5) * 0.6);
  });

  it('cuts with an ellipsis only what does not fit even at the smallest size', () => {
    const serial = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789';
    const room = 60;
    const cut = fitOneLine(doc, serial, FONT.bold, 7.5, 5, room);
    expect(cut.whole).toBe(false);
    expect(cut.size).toBe(5);
    expect(cut.text).toMatch(/^ABCDE.*…$/);
    expect(width(cut.text, 5)).toBeLessThanOrEqual(room);
    // One more character would not have fitted.
    const kept = Array.from(cut.text).length - 1;
    expect(width(`${serial.slice(0, kept + 1)}…`, 5)).toBeGreaterThan(room);
  });
});
