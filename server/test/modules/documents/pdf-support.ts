import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Invoice } from '@loupe/contracts';

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
 * pdfjs-dist is ESM only. ts-jest compiles these tests to CommonJS, where `import()` would become `require()`;
 * written inside eval it stays a real dynamic import, which Jest serves under --experimental-vm-modules.
 */
const loadPdfjs = (): Promise<Pdfjs> => eval("import('pdfjs-dist/legacy/build/pdf.mjs')");

/** Reads a PDF with pdfjs-dist, as a viewer would: the text layer of every page. */
export async function parsePdf(bytes: Buffer): Promise<ParsedPdf> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
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
  await task.destroy();
  return {
    pages,
    text: pages.join('\n'),
    fonts: [...fonts],
    standardFont,
    info: meta.info as Record<string, unknown>,
  };
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
