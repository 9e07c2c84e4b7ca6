import { labelPriceText, stockNumberText, type LabelPriceSettings, type LabelSize } from '@loupe/contracts';
import { createPdf, drawQr, fitOneLine, FONT, MM, pdfBytes, type PdfDoc } from '../../kernel/pdf';

/** What one label prints. */
export interface LabelItem {
  /** The stock book's number (issue 22), printed under the serial. */
  stockNumber: number;
  serial: string;
  brand: string;
  model: string;
  retailPrice: number | null;
}

/**
 * The two label stocks (contracts/src/labels.ts), in millimetres. 'tag': a 60 × 30 mm jeweller's tag, one
 * per page (a label printer's roll). 'a4': Avery L7159-style sheets, 3 columns × 8 rows of 63.5 × 33.9 mm,
 * 12.9 mm from the top and 6.5 mm from the side, 66.0 mm between columns' left edges (a 2.5 mm gap) and
 * 33.9 mm between rows' (no gap).
 */
export const LABEL_STOCKS = {
  tag: { page: [60, 30], columns: 1, rows: 1, top: 0, left: 0, pitchX: 60, pitchY: 30, w: 60, h: 30 },
  a4: {
    page: [210, 297],
    columns: 3,
    rows: 8,
    top: 12.9,
    left: 6.5,
    pitchX: 66,
    pitchY: 33.9,
    w: 63.5,
    h: 33.9,
  },
} as const;

/** QR codes as labels carry them: error correction M (15% of the code may be scuffed and still read). */
export const LABEL_QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

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
  const stock = LABEL_STOCKS[size];
  const [pageW, pageH] = stock.page;
  const doc = createPdf({
    title: items.length === 1 ? `Label ${items[0]?.serial ?? ''}` : `Labels (${items.length})`,
    date,
    size: [pageW * MM, pageH * MM],
    margin: 0,
    firstPage: false,
  });
  const perPage = stock.columns * stock.rows;
  items.forEach((item, index) => {
    const slot = index % perPage;
    if (slot === 0) doc.addPage({ size: [pageW * MM, pageH * MM], margin: 0 });
    const col = slot % stock.columns;
    const row = Math.floor(slot / stock.columns);
    drawLabel(
      doc,
      item,
      labelPriceText(item, settings),
      (stock.left + col * stock.pitchX) * MM,
      (stock.top + row * stock.pitchY) * MM,
      stock.w * MM,
      stock.h * MM,
    );
  });
  return pdfBytes(doc);
}
