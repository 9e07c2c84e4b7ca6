import { labelPriceText, stockNumberText, type LabelPriceSettings, type LabelSize } from '@loupe/contracts';
import {
  drawQr,
  fitOneLine,
  FONT,
  LABEL_QR_OPTIONS,
  LABEL_STOCKS,
  MM,
  renderLabelSheet,
  type PdfDoc,
} from '../../kernel/pdf';

/** What one label prints. */
export interface LabelItem {
  /** The stock book's number (issue 22), printed under the serial. */
  stockNumber: number;
  serial: string;
  brand: string;
  model: string;
  retailPrice: number | null;
}

// The stocks and the QR options are the PDF kit's (kernel/pdf/label-sheet.ts), shared with the workshop's bag
// labels; re-exported here for the tests that measure a printed tag.
export { LABEL_QR_OPTIONS, LABEL_STOCKS };

/** The serial's type size on a label, and the smallest it shrinks to before it is cut. */
export const SERIAL_SIZE = 7.5;
export const SERIAL_MIN_SIZE = 5;

/** One label at (x, y), w × h points: the QR code on the left, the words on the right. */
function drawLabel(doc: PdfDoc, item: LabelItem, price: string, x: number, y: number, w: number, h: number) {
  const pad = 2.5 * MM;
  const side = h - 2 * pad;
  // The code's text is exactly the serial, so a scan types the serial into the search box.
  drawQr(doc, item.serial, x + pad, y + pad, side, LABEL_QR_OPTIONS);
  // 3 mm of white beside the code (its quiet zone; the label's edge and pad give the other sides theirs).
  const textX = x + pad + side + 3 * MM;
  const textW = w - (textX - x) - pad;
  const line = (text: string, font: string, size: number, at: number, lines = 1) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor('#000000')
      .text(text, textX, at, { width: textW, height: size * 1.25 * lines, ellipsis: true, lineGap: 0 });
  };
  let at = y + pad;
  // The serial on one line, never broken at its hyphens: whole at 7.5 pt when it fits the text's width (by the
  // font's metrics), smaller for a wider one, cut with "…" only when even 5 pt cannot hold it (the QR code
  // beside it still carries it whole).
  const serial = fitOneLine(doc, item.serial, FONT.bold, SERIAL_SIZE, SERIAL_MIN_SIZE, textW);
  doc
    .font(FONT.bold)
    .fontSize(serial.size)
    .fillColor('#000000')
    .text(serial.text, textX, at + (SERIAL_SIZE - serial.size), { lineBreak: false });
  at += 11;
  line(stockNumberText(item.stockNumber), FONT.regular, 7, at);
  at += 10;
  const what = [item.brand, item.model].filter(Boolean).join(' ');
  if (what) {
    line(what, FONT.regular, 7, at, 2);
    at += 19;
  }
  if (price) line(price, FONT.bold, 9, Math.max(at, y + h - pad - 12));
}

/**
 * The labels as one PDF: a tag per page, or A4 sheets filled row by row. Prices follow the shop's label
 * setting through labelPriceText, the same function the browser's print view uses.
 */
export async function renderLabelsPdf(
  items: readonly LabelItem[],
  size: LabelSize,
  settings: LabelPriceSettings,
  date: Date,
): Promise<Buffer> {
  return renderLabelSheet(
    items,
    size,
    { title: items.length === 1 ? `Label ${items[0]?.serial ?? ''}` : `Labels (${items.length})`, date },
    (doc, item, box) => drawLabel(doc, item, labelPriceText(item, settings), box.x, box.y, box.w, box.h),
  );
}
