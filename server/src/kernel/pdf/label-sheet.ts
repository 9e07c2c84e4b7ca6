import type { LabelSize } from '@loupe/contracts';
import { createPdf, MM, pdfBytes, type PdfDoc } from './document';

/**
 * The label stocks every label Loupe prints goes on (stock tags, the workshop's bag labels; contracts'
 * LABEL_SIZES), in millimetres. 'tag': a 60 × 30 mm jeweller's tag, one per page (a label printer's roll).
 * 'a4': Avery L7159-style sheets, 3 columns × 8 rows of 63.5 × 33.9 mm, 12.9 mm from the top and 6.5 mm from
 * the side, 66.0 mm between columns' left edges (a 2.5 mm gap) and 33.9 mm between rows' (no gap).
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

/** Where one label stands on its page, in points. */
export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Labels laid on a stock, as one PDF: a tag per page, or A4 sheets filled row by row from the top left. The
 * caller draws each label inside the box it is given.
 */
export function renderLabelSheet<T>(
  labels: readonly T[],
  size: LabelSize,
  meta: { title: string; date: Date },
  draw: (doc: PdfDoc, label: T, box: LabelBox) => void,
): Promise<Buffer> {
  const stock = LABEL_STOCKS[size];
  const [pageW, pageH] = stock.page;
  const doc = createPdf({
    title: meta.title,
    date: meta.date,
    size: [pageW * MM, pageH * MM],
    margin: 0,
    firstPage: false,
  });
  const perPage = stock.columns * stock.rows;
  labels.forEach((label, index) => {
    const slot = index % perPage;
    if (slot === 0) doc.addPage({ size: [pageW * MM, pageH * MM], margin: 0 });
    const col = slot % stock.columns;
    const row = Math.floor(slot / stock.columns);
    draw(doc, label, {
      x: (stock.left + col * stock.pitchX) * MM,
      y: (stock.top + row * stock.pitchY) * MM,
      w: stock.w * MM,
      h: stock.h * MM,
    });
  });
  return pdfBytes(doc);
}
