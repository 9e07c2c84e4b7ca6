import { FONT, type PdfDoc } from './document';

/**
 * The page frame every printed document shares: the seller's head, key/value rows, headings and rules, tables
 * that break across pages, and the footer.
 */

export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const RULE = '#bbbbbb';

export interface SellerBlock {
  /** Printed large: the trading name, else the legal name, else the shop's name in Loupe. */
  name: string;
  /** A second line when the legal entity differs from the trading name ("Panthère Ltd"). */
  legalName: string;
  address: string;
  phone: string;
  email: string;
  vatNumber: string;
  companyNumber: string;
}

/** Lines of a multi-line text field, blank ones dropped. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The width between the margins. */
export const contentWidth = (doc: PdfDoc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/**
 * The page's head: the logo (if any) and the seller's details on the left, the document's title on the
 * right. Leaves the cursor under whichever column is longer.
 */
export function drawHead(doc: PdfDoc, seller: SellerBlock, title: string, logo: Buffer | null): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = contentWidth(doc);
  let y = top;
  if (logo) {
    try {
      doc.image(logo, left, y, { fit: [150, 60] });
      y += 66;
    } catch {
      // A logo pdfkit cannot read (the settings accept PNG and JPEG by content) is left out, not an error.
    }
  }
  const columnWidth = width * 0.58;
  doc.font(FONT.bold).fontSize(14).fillColor(INK).text(seller.name, left, y, { width: columnWidth });
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
  if (seller.legalName && seller.legalName !== seller.name)
    doc.text(seller.legalName, { width: columnWidth });
  for (const line of linesOf(seller.address)) doc.text(line, { width: columnWidth });
  const contact = [seller.phone, seller.email].filter(Boolean).join('  ·  ');
  if (contact) doc.text(contact, { width: columnWidth });
  if (seller.vatNumber) doc.text(`VAT no. ${seller.vatNumber}`, { width: columnWidth });
  if (seller.companyNumber) doc.text(`Company no. ${seller.companyNumber}`, { width: columnWidth });
  const leftBottom = doc.y;

  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(INK)
    .text(title, left + columnWidth, top, { width: width - columnWidth, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 14;
  doc.x = left;
}

/** Label: value rows in a right-hand column, e.g. "Invoice no." "INV-000001". */
export function drawFacts(doc: PdfDoc, facts: Array<[string, string]>, x: number, y: number, width: number) {
  let at = y;
  for (const [label, value] of facts) {
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x, at, { width: width * 0.45 });
    // A label that wraps to more lines than its value pushes the next row down, never under it.
    const labelBottom = doc.y;
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(INK)
      .text(value, x + width * 0.45, at, { width: width * 0.55, align: 'right' });
    at = Math.max(labelBottom, doc.y) + 3;
  }
  return at;
}

/** A section's small heading ("Bill to", "Item") over a hairline. */
export function drawHeading(doc: PdfDoc, text: string, x: number, width: number): void {
  doc.font(FONT.bold).fontSize(10).fillColor(INK).text(text, x, doc.y, { width });
  rule(doc, x, doc.y + 2, width);
  doc.y += 6;
}

export function rule(doc: PdfDoc, x: number, y: number, width: number, color = RULE): void {
  doc
    .save()
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke()
    .restore();
}

/** Writes a footer text at the bottom of the current page, above the margin, without adding a page. */
export function drawFooter(doc: PdfDoc, text: string): void {
  if (!text.trim()) return;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
  const height = doc.heightOfString(text, { width, align: 'center' });
  const bottom = doc.page.height - doc.page.margins.bottom;
  // Lift the bottom margin for this write, so pdfkit does not start a new page for text near the edge.
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = Math.max(doc.y + 12, bottom - height);
  rule(doc, left, y - 6, width);
  doc.text(text, left, y, { width, align: 'center' });
  doc.page.margins.bottom = margin;
}

/** A section's title in the running text ("Missing (3)"), with space above and below. */
export function drawSectionTitle(doc: PdfDoc, text: string): void {
  doc.moveDown(0.8).font(FONT.bold).fontSize(12).fillColor('black').text(text).moveDown(0.3);
}

/** What fitOneLine prints: the text (whole, or cut with "…") and the font size. */
export interface FittedLine {
  text: string;
  size: number;
  /** False when even `minSize` could not hold the whole text and it was cut. */
  whole: boolean;
}

/**
 * One line that must not wrap (a serial, a reference), measured with the font's own metrics (widthOfString),
 * never by counting characters: at `size` when it fits `width`; else at the largest size, in quarter points
 * down to `minSize`, that does; else at `minSize`, cut with "…" where it still fits. Print the result with
 * `lineBreak: false` and no `width` (given a width, pdfkit wraps whatever lineBreak says, breaking at a hyphen
 * or slash of its own accord).
 */
export function fitOneLine(
  doc: PdfDoc,
  text: string,
  font: string,
  size: number,
  minSize: number,
  width: number,
): FittedLine {
  const measure = (t: string, s: number) => doc.font(font).fontSize(s).widthOfString(t);
  for (let s = size; s >= minSize - 1e-9; s -= 0.25) {
    if (measure(text, s) <= width) return { text, size: s, whole: true };
  }
  // Too long even at the smallest size: the most characters (whole code points) that fit with the ellipsis.
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('')}…`, minSize) <= width) lo = mid;
    else hi = mid - 1;
  }
  return { text: `${chars.slice(0, lo).join('')}…`, size: minSize, whole: false };
}

/**
 * "Page 1 of N" centred at the foot of every page, under the bottom margin's top edge. The document must have
 * been created with `bufferPages: true` (createPdf), and this is called last, once every page exists.
 */
export function drawPageNumbers(doc: PdfDoc): void {
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start; i < range.start + total; i += 1) {
    doc.switchToPage(i);
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    // Written inside the bottom margin: lift the margin for this write, so pdfkit adds no page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = `Page ${i - range.start + 1} of ${total}`;
    doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
    const x = left + (width - doc.widthOfString(text)) / 2;
    doc.text(text, x, doc.page.height - margin / 2 - 4, { lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

export interface TableColumn {
  title: string;
  /** In points: the columns' share of the width between the margins, which they fill. */
  width: number;
  /**
   * A cell that must stay on one line (a serial): the column widens to its widest cell (up to 40% of the
   * width, the other columns narrowing in proportion), a cell still too wide prints smaller (down to 6 pt),
   * and only a cell too long even then wraps, so that no character of it is lost.
   */
  noWrap?: boolean;
}

const TABLE_SIZE = 8.5;
const TABLE_MIN_SIZE = 6;
/**
 * The gutter between two columns: 8 pt, about three spaces at the table size, so a cell that fills its column
 * never reads as one phrase with the next (4 pt ran "… Professional, 2019 BUY-OMG-3K88" together on the
 * purchase invoice). A dense table (the stock book's thirteen columns) keeps 4 pt: there every point of width
 * is a column's, and 8 pt broke a buyer's name inside a word ("Eleanor W / hitcombe").
 */
const gutterOf = (columns: readonly TableColumn[]) => (columns.length > 8 ? 4 : 8);

/**
 * A simple table: fixed columns across the width between the margins, a bold header row, rows that wrap and
 * break pages as they need; the header row repeats at the top of each page the table runs onto.
 */
export function drawTable(doc: PdfDoc, columns: readonly TableColumn[], rows: readonly string[][]): void {
  const left = doc.page.margins.left;
  const widths = tableWidths(doc, columns, rows);
  const gutter = gutterOf(columns);
  const header = columns.map((c) => c.title);
  // One row's cells as they print: a one-line cell's fitted size, or wrapped text at the table's size.
  const layout = (cells: readonly string[], bold: boolean) => {
    const font = bold ? FONT.bold : FONT.regular;
    return cells.map((cell, i) => {
      const width = (widths[i] ?? 60) - gutter;
      const fitted =
        !bold && columns[i]?.noWrap ? fitOneLine(doc, cell, font, TABLE_SIZE, TABLE_MIN_SIZE, width) : null;
      const oneLine = fitted !== null && fitted.whole;
      const size = oneLine ? fitted.size : TABLE_SIZE;
      doc.font(font).fontSize(size);
      const height = oneLine ? doc.currentLineHeight() : doc.heightOfString(cell || ' ', { width });
      return { cell, font, size, width, oneLine, height };
    });
  };
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const laid = layout(cells, bold);
    const height = Math.max(...laid.map((c) => c.height));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold) drawRow(header, true);
    }
    const top = doc.y;
    let x = left;
    laid.forEach((c, i) => {
      doc.font(c.font).fontSize(c.size);
      if (c.oneLine) doc.text(c.cell, x, top, { lineBreak: false });
      else doc.text(c.cell, x, top, { width: c.width });
      x += widths[i] ?? 60;
    });
    doc.x = left;
    doc.y = top + height + 3;
  };
  // The header never stands alone at a page's foot: it starts on a new page unless its first row fits under it.
  const first = rows[0];
  const need = (cells: readonly string[], bold: boolean) =>
    Math.max(...layout(cells, bold).map((c) => c.height));
  if (
    first &&
    doc.y + need(header, true) + 3 + need(first, false) > doc.page.height - doc.page.margins.bottom
  )
    doc.addPage();
  drawRow(header, true);
  for (const row of rows) drawRow(row, false);
}

/** The columns' widths in points: scaled to the width between the margins, then widened where a header word or a one-line cell needs it. */
function tableWidths(doc: PdfDoc, columns: readonly TableColumn[], rows: readonly string[][]): number[] {
  const total = contentWidth(doc);
  const given = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width * total) / given);
  const cap = total * 0.4;
  // What each column needs at least: its header's longest word whole (a heading never breaks inside a word,
  // "Stoc k no."), and for a one-line column its widest cell.
  doc.font(FONT.bold).fontSize(TABLE_SIZE);
  const headerWord = columns.map((c) =>
    Math.max(0, ...c.title.split(/\s+/).map((w) => doc.widthOfString(w))),
  );
  doc.font(FONT.regular).fontSize(TABLE_SIZE);
  columns.forEach((column, i) => {
    const widest = column.noWrap ? Math.max(0, ...rows.map((row) => doc.widthOfString(row[i] ?? ''))) : 0;
    const want = Math.min(cap, Math.max(widest, headerWord[i] ?? 0) + gutterOf(columns) + 0.5);
    const extra = want - (widths[i] ?? 0);
    if (extra <= 0) return;
    // The other wrapping columns give up the extra in proportion to their widths.
    const others = widths.reduce((sum, w, j) => (j !== i && !columns[j]?.noWrap ? sum + w : sum), 0);
    if (others <= extra) return;
    widths.forEach((w, j) => {
      if (j !== i && !columns[j]?.noWrap) widths[j] = w - (extra * w) / others;
    });
    widths[i] = want;
  });
  return widths;
}
