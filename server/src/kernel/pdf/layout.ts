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
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(INK)
      .text(value, x + width * 0.45, at, { width: width * 0.55, align: 'right' });
    at = doc.y + 3;
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

export interface TableColumn {
  title: string;
  /** In points. */
  width: number;
}

/** A simple table: fixed columns, a bold header row, rows that wrap and break pages as they need. */
export function drawTable(doc: PdfDoc, columns: readonly TableColumn[], rows: readonly string[][]): void {
  const left = doc.page.margins.left;
  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(8.5);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: (columns[i]?.width ?? 60) - 4 })),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const width = columns[i]?.width ?? 60;
      doc.text(cell, x, top, { width: width - 4 });
      x += width;
    });
    doc.x = left;
    doc.y = top + height + 3;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) drawRow(row, false);
}
