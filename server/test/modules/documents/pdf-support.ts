import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Invoice } from '@loupe/contracts';
import { fileKeyFor } from '../../../src/config';
import { storeBytes } from '../../../src/kernel/file-storage';
import { testConfig, type TestbedState } from '../../helper';

/** PDF_OUT=/some/dir keeps the PDFs a test renders, to look at them (pdftoppm -png -r 60 …). */
export function keep(name: string, bytes: Buffer): void {
  if (process.env.PDF_OUT) writeFileSync(path.join(process.env.PDF_OUT, name), bytes);
}

/** What a reader of a PDF gets: each page's text (items joined by spaces) and what pdfjs says of its fonts. */
export interface ParsedPdf {
  pages: string[];
  text: string;
  /** The fonts' names as embedded (e.g. "ABCDEF+DejaVuSans"); empty when none was loaded. */
  fonts: string[];
  /** Whether any font in the document is a (non-embedded) standard font. */
  standardFont: boolean;
  info: Record<string, unknown>;
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
/**
 * pdfjs-dist is ESM only. @swc/jest compiles these tests to CommonJS, where `import()` would become `require()`;
 * written inside eval it stays a real dynamic import, which Jest serves under --experimental-vm-modules.
 */
const loadPdfjs = (): Promise<Pdfjs> => eval("import('pdfjs-dist/legacy/build/pdf.mjs')");

/** Opens a PDF with pdfjs-dist as a viewer would, with no system fonts and no eval. */
async function openPdf(bytes: Buffer) {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
}

/** Reads a PDF with pdfjs-dist, as a viewer would: the text layer of every page. */
export async function parsePdf(bytes: Buffer): Promise<ParsedPdf> {
  const pdf = await openPdf(bytes);
  const pages: string[] = [];
  const fonts = new Set<string>();
  let standardFont = false;
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
    // Loading the operator list makes pdfjs load each font; its objects then say how it came.
    await page.getOperatorList();
    for (const key of Object.keys(content.styles)) {
      const font = page.commonObjs.has(key)
        ? (page.commonObjs.get(key) as { name?: string; missingFile?: boolean; isType3Font?: boolean })
        : null;
      if (font?.name) fonts.add(font.name);
      if (font?.missingFile) standardFont = true;
    }
  }
  const meta = await pdf.getMetadata();
  await pdf.destroy();
  return {
    pages,
    text: pages.join('\n'),
    fonts: [...fonts],
    standardFont,
    info: meta.info as Record<string, unknown>,
  };
}

/** One run of text as a viewer places it, in points from the page's top left corner. */
export interface PlacedText {
  str: string;
  x: number;
  /** The baseline's distance from the page's top. */
  y: number;
  width: number;
  /** The font size. */
  size: number;
}

/** Each page's runs of text with where they stand: to check that text stays in its box, on one line. */
export async function placedText(bytes: Buffer): Promise<PlacedText[][]> {
  const pdf = await openPdf(bytes);
  const pages: PlacedText[][] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const height = page.view[3] ?? 0;
    const content = await page.getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [
              {
                str: item.str,
                x: item.transform[4] as number,
                y: height - (item.transform[5] as number),
                width: item.width,
                size: Math.hypot(item.transform[2] as number, item.transform[3] as number),
              },
            ]
          : [],
      ),
    );
  }
  await pdf.destroy();
  return pages;
}

/** An invoice as the repository answers it; `over` replaces fields. */
export function invoiceFixture(over: Partial<Invoice> = {}): Invoice {
  return {
    id: 1,
    kind: 'invoice',
    number: 1,
    reference: 'INV-000001',
    status: 'issued',
    issueDate: '2026-11-23',
    saleId: 1,
    itemId: 1,
    creditsInvoice: null,
    creditNote: null,
    currency: 'GBP',
    exchangeRate: 1,
    total: 12500,
    totalGbp: 12500,
    vatTreatment: 'margin',
    vatAmount: 0,
    vatAmountGbp: null,
    dealId: null,
    partExchange: 0,
    partExchangeGbp: 0,
    payments: [],
    netAmount: 12500,
    marginGbp: 4500,
    marginVatGbp: 750,
    paymentMethod: 'Bank Transfer',
    paidInFull: true,
    clientId: 1,
    buyer: {
      name: 'Lucía Domínguez',
      address: '12 Rue de la Paix\nParis 75002',
      email: 'lucia@example.com',
      phone: '+33 1 23 45 67 89',
    },
    seller: {
      legalName: 'Loupe Demo Ltd',
      tradingName: 'Loupe Demo',
      address: '1 Hatton Garden\nLondon EC1N 8AA',
      email: 'shop@example.com',
      phone: '020 7946 0000',
      vatNumber: '',
      companyNumber: '12345678',
      footer: 'Thank you for your custom. Goods remain our property until paid in full.',
      hasLogo: false,
    },
    lines: [
      {
        description: 'Cartier Panthère',
        brand: 'Cartier',
        model: 'Panthère',
        serial: 'CRT-PAN-7731',
        stockType: 'Watches',
        amount: 12500,
        vatTreatment: 'margin',
      },
    ],
    createdBy: 'platinum',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}

/** A 1 × 1 PNG, built here: signature, IHDR, one IDAT row, IEND (CRCs are not checked by pdfkit). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 30, 30]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Gives the fixtures' shop a logo (a stored file and its shop_logos row), as the settings' upload does. */
export async function addLogo(state: TestbedState): Promise<void> {
  const key = 'a'.repeat(48);
  const png = tinyPng();
  await storeBytes(state.db, fileKeyFor(testConfig(state.tdb).fileKey), key, png, 'image/png');
  await state.db.query(
    `INSERT INTO shop_logos (shop_id, storage_key, content_type, size_bytes, created_at)
     VALUES ($1, $2, 'image/png', $3, now())`,
    [state.fx.shopId, key, png.length],
  );
}
