import PDFDocument from 'pdfkit';

/**
 * The documents Loupe prints (invoices, receipts, credit notes, approval notes, labels) as PDF. Fonts are
 * always the embedded DejaVu Sans (subset into each file): the PDF standard fonts only know Latin-1 in
 * WinAnsi and a viewer substitutes them, so "Panthère" or "Domínguez" could come out wrong; DejaVu carries
 * every accent, €, ₿ and the en dash of the margin scheme wording. The paths are resolved from the package,
 * so they hold from a fresh clone, from src (tests) and from dist.
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
}

export type PdfDoc = PDFKit.PDFDocument;

export function createPdf(options: PdfOptions): PdfDoc {
  const margin = options.margin ?? A4_MARGIN;
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    autoFirstPage: options.firstPage ?? true,
    // The default font, set before the first page: without it pdfkit would load (and write) Helvetica.
    font: PDF_FONT_FILES.regular,
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
  // Same file and PostScript name as the default font: pdfkit keeps one subset of it.
  doc.registerFont(FONT.regular, PDF_FONT_FILES.regular);
  doc.registerFont(FONT.bold, PDF_FONT_FILES.bold);
  doc.font(FONT.regular);
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

// ---------------------------------------------------------------- formatting (as the app shows it)

const SYMBOLS: Record<string, string> = { GBP: '£', USD: '$', EUR: '€', BTC: '₿' };

/** Groups a run of digits in threes: "1234567" → "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Money as the app shows it (platform/src/format.ts): `£1,234.56`, `-£20.00`, `$3.00`, `₿0.0125` (BTC keeps
 * up to 8 decimals, at least 2). Works on the decimal's text, so nothing is rounded by binary arithmetic:
 * the amounts given are the database's numerics, already at their currency's precision.
 */
export function formatMoney(amount: number | string, currency = 'GBP'): string {
  const text = typeof amount === 'number' ? decimalText(amount) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return '';
  const [, minus, whole = '0', fraction = ''] = match;
  const places = currency === 'BTC' ? Math.min(Math.max(fraction.replace(/0+$/, '').length, 2), 8) : 2;
  const digits = roundDigits(whole, fraction, places);
  const body = `${grouped(digits.whole)}.${digits.fraction}`;
  const sign = minus && /[1-9]/.test(body) ? '-' : '';
  return `${sign}${SYMBOLS[currency] ?? `${currency} `}${body}`;
}

/** A JS number's plain decimal text (no exponent) — the shortest form that reads back as the same number. */
function decimalText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(8).replace(/\.?0+$/, '');
}

/** Half-up rounding of a decimal's digits to `places`, on the text. */
function roundDigits(whole: string, fraction: string, places: number): { whole: string; fraction: string } {
  const padded = fraction.padEnd(places + 1, '0');
  let keep = `${whole}${padded.slice(0, places)}`;
  if (Number(padded[places]) >= 5) {
    // Add one to the last kept digit, carrying leftwards.
    const chars = keep.split('');
    let i = chars.length - 1;
    for (; i >= 0; i -= 1) {
      if (chars[i] === '9') chars[i] = '0';
      else {
        chars[i] = String(Number(chars[i]) + 1);
        break;
      }
    }
    keep = (i < 0 ? '1' : '') + chars.join('');
  }
  const cut = keep.length - places;
  const w = keep.slice(0, cut).replace(/^0+(?=\d)/, '') || '0';
  return { whole: w, fraction: keep.slice(cut) };
}

/** An exchange rate as written on an invoice: all its decimals (up to 8), at least 2. `0.79`, `1.2345`. */
export function formatRate(rate: number | string): string {
  const text = typeof rate === 'number' ? decimalText(rate) : rate.trim();
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = fraction.slice(0, 8).replace(/0+$/, '').padEnd(2, '0');
  return `${grouped(whole)}.${kept}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD, already the shop's day) as "23 Nov 2026". */
export function formatDateLong(date: string): string {
  const [y, m, d] = date.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''} ${y}`;
}

/** A calendar date (YYYY-MM-DD) as "23/11/2026". */
export function formatDateShort(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The shop's calendar day (YYYY-MM-DD) of an instant, in its IANA time zone. */
export function dayInZone(at: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Midday UTC of a calendar day: a document date that is the same day in any zone a reader is in. */
export const dateOfDay = (day: string): Date => new Date(`${day}T12:00:00Z`);
