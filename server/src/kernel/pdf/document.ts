import type PDFKitModule from 'pdfkit';

/**
 * pdfkit (with fontkit, its fonts and a Brotli decoder) is loaded by the first document made, not when the server
 * starts: most processes (and most test files) never print one, and loading it cost ~0.2 s of CPU each time.
 */
let pdfkit: typeof PDFKitModule | undefined;
function PDFDocumentClass(): typeof PDFKitModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load on first use (above)
  return (pdfkit ??= require('pdfkit') as typeof PDFKitModule);
}

/**
 * The PDF layout kit's document: every document Loupe prints (invoices, receipts, credit notes, approval notes,
 * labels) as PDF. Fonts are always the embedded DejaVu Sans (subset into each file): the PDF standard fonts only
 * know Latin-1 in WinAnsi and a viewer substitutes them, so "Panthère" or "Domínguez" could come out wrong; DejaVu
 * carries every accent, €, ₿ and the en dash of the margin scheme wording. The paths are resolved from the
 * package, so they hold from a fresh clone, from src (tests) and from dist.
 */
export const PDF_FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

/** The registered font names: `doc.font(FONT.bold)`. */
export const FONT = { regular: 'Loupe', bold: 'Loupe-Bold' } as const;

/** Points per millimetre (PDF user space is 1/72 inch). */
export const MM = 72 / 25.4;

/** A4 with 18 mm margins, which every office printer can print to. */
export const A4_MARGIN = Math.round(18 * MM);

export interface PdfOptions {
  title: string;
  /**
   * The document's own date (an invoice's issue date, a check-out's start), written as CreationDate and
   * ModDate: with Producer fixed to "Loupe" and no clock read, the same document renders to the same bytes
   * (pdfkit derives the file ID and the font subset tags from these), so tests and caches can compare them.
   */
  date: Date;
  /** Page size in points, default A4. */
  size?: [number, number];
  /** Page margin in points, default A4_MARGIN. */
  margin?: number;
  /** Add the first page now (default true). */
  firstPage?: boolean;
  /**
   * Keep every page open until the end (default false), so that a page can be written to once the total is
   * known: drawPageNumbers' "Page 1 of N".
   */
  bufferPages?: boolean;
}

export type PdfDoc = PDFKit.PDFDocument;

export function createPdf(options: PdfOptions): PdfDoc {
  const margin = options.margin ?? A4_MARGIN;
  const PDFDocument = PDFDocumentClass();
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    // The first page is added once the fonts are set (below).
    autoFirstPage: false,
    bufferPages: options.bufferPages ?? false,
    // No default font: given '', pdfkit opens none (left undefined, it would load and write Helvetica). A
    // default opened from the file made every `doc.font(FONT.regular)` read and parse DejaVu Sans again: pdfkit
    // 0.20's `font()` finds that font already open under its PostScript name and uses it, but returns before
    // remembering the name 'Loupe'. The demo's stock book (7 pages) took 9.9 s to print, nearly all of it that.
    font: '',
    info: {
      Title: options.title,
      Producer: 'Loupe',
      Creator: 'Loupe',
      CreationDate: options.date,
      ModDate: options.date,
    },
    pdfVersion: '1.7',
    lang: 'en-GB',
    displayTitle: true,
  });
  doc.registerFont(FONT.regular, PDF_FONT_FILES.regular);
  doc.registerFont(FONT.bold, PDF_FONT_FILES.bold);
  doc.font(FONT.regular);
  if (options.firstPage ?? true) doc.addPage();
  return doc;
}

/** Ends the document and collects its bytes (a few tens of KB for these documents). */
export function pdfBytes(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The headers of a PDF shown in the browser's viewer and never kept by a cache (it may hold a buyer's data). */
export function pdfHeaders(fileName: string, size: number): Record<string, string> {
  // The names are built from references and ids (A–Z, 0–9, - / _): a slash is the only character to replace.
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '-');
  return {
    'content-type': 'application/pdf',
    'content-length': String(size),
    'content-disposition': `inline; filename="${safe}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
}
