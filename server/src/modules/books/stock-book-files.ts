import type { StockBookRow } from '@loupe/contracts';
import { VAT_FIGURE_LABELS, type VatFigureKey } from '@loupe/contracts';
import { csvLine, moneyCell, textCell, valueCell } from '../../kernel/csv';
import {
  FONT,
  MUTED,
  createPdf,
  dateOfDay,
  drawPageNumbers,
  drawSectionTitle,
  drawTable,
  formatDateShort,
  formatMoney,
  pdfBytes,
} from '../../kernel/pdf';
import type { Period } from './books-repository';

// The stock book as files (HMRC VAT Notice 718, "keeping records": a stock book with, per item, the purchase
// side — stock number, date, purchase invoice number, price, the seller's name and address, description — and
// the sale side — date, invoice number, price, buyer, margin, VAT on the margin; kept for six years). CSV through
// the kernel's cells (money as moneyCell), PDF on A4 landscape with the header row on every page and "Page 1
// of N" (the variance report's layout kit).

export const stockBookFileName = (period: Period, ext: 'csv' | 'pdf') =>
  `loupe-stock-book-${period.from}-${period.to}.${ext}`;

const TREATMENT_WORDS: Record<string, string> = {
  margin: 'Margin scheme',
  standard: 'Standard rated',
  none: 'No VAT',
};

/** What a row's notes say: carried forward, voided sales with their credit notes. */
export function rowNotes(row: StockBookRow): string {
  const notes: string[] = [];
  if (row.carriedForward) notes.push('Carried forward');
  if (row.purchaseVoidedOn) notes.push(`Purchase ${row.purchaseReference} voided on ${row.purchaseVoidedOn}`);
  for (const v of row.voidedSales) {
    const sale = v.invoiceReference ? `Sale ${v.invoiceReference}` : 'Sale';
    const credit = v.creditNoteReference ? ` by ${v.creditNoteReference}` : '';
    notes.push(`${sale} of ${v.date} voided${credit}${v.voidedOn ? ` on ${v.voidedOn}` : ''}`);
  }
  return notes.join('; ');
}

export const STOCK_BOOK_CSV_HEADER = [
  'Stock number',
  'Serial',
  'Stock type',
  'Description',
  'Purchase date',
  'Purchase invoice',
  'Purchase price (GBP)',
  'Seller',
  'Seller address',
  'Sale date',
  'Sale invoice',
  'Sale price (GBP)',
  'Buyer',
  'VAT treatment',
  'Margin (GBP)',
  'VAT on margin (GBP)',
  'VAT (GBP)',
  'Status',
  'Notes',
] as const;

export function stockBookCsv(rows: readonly StockBookRow[]): string {
  let out = csvLine(STOCK_BOOK_CSV_HEADER.map(valueCell));
  for (const r of rows) {
    const s = r.sale;
    out += csvLine([
      textCell(r.stockNumber),
      textCell(r.serial),
      valueCell(r.stockType),
      textCell(r.description),
      valueCell(r.purchasedOn),
      textCell(r.purchaseReference),
      moneyCell(r.purchasePriceGbp),
      textCell(r.sellerName),
      textCell(r.sellerAddress),
      valueCell(s?.date ?? ''),
      valueCell(s?.invoiceReference ?? ''),
      moneyCell(s ? s.priceGbp : null),
      textCell(s?.buyer ?? ''),
      valueCell(s ? (TREATMENT_WORDS[s.vatTreatment] ?? s.vatTreatment) : ''),
      moneyCell(s ? s.marginGbp : null),
      moneyCell(s ? s.marginVatGbp : null),
      moneyCell(s && s.vatTreatment === 'standard' ? s.vatGbp : null),
      valueCell(r.status),
      textCell(rowNotes(r)),
    ]);
  }
  return out;
}

/** A4 landscape, in points. */
const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : formatMoney(value);

export async function stockBookPdf(
  shopName: string,
  period: Period,
  rows: readonly StockBookRow[],
  figures: ReadonlyArray<{ key: VatFigureKey; amountGbp: number }>,
): Promise<Buffer> {
  const doc = createPdf({
    title: `Stock book ${period.from} to ${period.to}`,
    date: dateOfDay(period.to),
    size: A4_LANDSCAPE,
    margin: 36,
    bufferPages: true,
  });
  doc.font(FONT.bold).fontSize(16).text('Stock book');
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${shopName} — ${formatDateShort(period.from)} to ${formatDateShort(period.to)}`)
    .text('HMRC VAT Notice 718 (the margin scheme): stock book, purchase and sale of each item.')
    .fillColor('black')
    .moveDown(0.4);
  doc
    .fontSize(9)
    .text(figures.map((f) => `${VAT_FIGURE_LABELS[f.key]}: ${formatMoney(f.amountGbp)}`).join('    '));

  drawSectionTitle(doc, `Items (${rows.length})`);
  if (rows.length === 0)
    doc.font(FONT.regular).fontSize(10).text('No item was in stock, bought or sold in this period.');
  else
    drawTable(
      doc,
      [
        { title: 'Stock no.', width: 34, noWrap: true },
        { title: 'Bought', width: 50, noWrap: true },
        { title: 'Purchase inv.', width: 58, noWrap: true },
        { title: 'Price paid', width: 56, noWrap: true },
        { title: 'Seller', width: 85 },
        { title: 'Item', width: 140 },
        { title: 'Sold', width: 50, noWrap: true },
        { title: 'Sale inv.', width: 58, noWrap: true },
        { title: 'Sale price', width: 56, noWrap: true },
        { title: 'Buyer', width: 70 },
        { title: 'Margin', width: 56, noWrap: true },
        { title: 'VAT', width: 48, noWrap: true },
        { title: 'Notes', width: 75 },
      ],
      rows.map((r) => {
        const s = r.sale;
        const vat = s === null ? '' : s.vatTreatment === 'standard' ? money(s.vatGbp) : money(s.marginVatGbp);
        return [
          r.stockNumber || `#${r.itemId}`,
          formatDateShort(r.purchasedOn),
          r.purchaseReference,
          money(r.purchasePriceGbp),
          [r.sellerName, r.sellerAddress].filter(Boolean).join(', '),
          [r.serial, r.description].filter(Boolean).join('\n'),
          s ? formatDateShort(s.date) : '',
          s?.invoiceReference ?? '',
          s ? money(s.priceGbp) : '',
          s?.buyer ?? '',
          s ? money(s.marginGbp) : '',
          vat,
          rowNotes(r),
        ];
      }),
    );
  drawPageNumbers(doc);
  return pdfBytes(doc);
}
