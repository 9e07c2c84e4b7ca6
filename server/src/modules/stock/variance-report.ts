import type { StockTake, StockTakeLine } from '@loupe/contracts';
import { csvLine, textCell, valueCell } from '../finance/csv';
// The PDF kernel (embedded DejaVu fonts, deterministic metadata): every document Loupe prints uses it.
import { FONT, createPdf, dayInZone, formatDateLong, pdfBytes, type PdfDoc } from '../../kernel/pdf';

// The variance report of a closed stock-take (contracts/src/stock-takes.ts), as CSV and as PDF. Both are made
// from the frozen lines only, so they read the same whenever they are downloaded.

/** "23 Nov 2026, 14:05" in the shop's time zone. */
export function dateTimeInZone(at: string | null, timeZone: string): string {
  if (at === null) return '';
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(at));
  return `${formatDateLong(dayInZone(at, timeZone))}, ${time}`;
}

const OUTCOME_WORDS: Record<StockTakeLine['outcome'], string> = {
  found: 'Found',
  missing: 'Missing',
  unexpected: 'Unexpected',
};

const STATUS_WORDS: Record<string, string> = {
  available: 'Available',
  checked_out: 'Checked out',
  unavailable: 'Unavailable',
  sold: 'Sold',
};

const followUpText = (line: StockTakeLine, timeZone: string) =>
  line.followUp
    ? `Marked unavailable by ${line.followUp.by ?? 'a former member'} on ${dateTimeInZone(line.followUp.at, timeZone)}: ${line.followUp.reason}`
    : '';

export const varianceFileName = (take: StockTake, ext: 'csv' | 'pdf') =>
  `stock-take-${take.id}-variance.${ext}`;

const CSV_HEADER = [
  'Outcome',
  'Serial',
  'Brand',
  'Model',
  'Type',
  'Location',
  'Status',
  'Reason',
  'Scanned by',
  'Scanned at',
  'Follow-up',
];

/** One row per line: missing, then unexpected, then found. Typed text is defused against formulas. */
export function varianceCsv(lines: StockTakeLine[], timeZone: string): string {
  let out = csvLine(CSV_HEADER.map(valueCell));
  for (const line of lines) {
    out += csvLine([
      valueCell(OUTCOME_WORDS[line.outcome]),
      textCell(line.serial),
      textCell(line.brand),
      textCell(line.model),
      valueCell(line.stockType ?? ''),
      textCell(line.location),
      valueCell(line.status ? (STATUS_WORDS[line.status] ?? line.status) : ''),
      textCell(line.reasonText),
      textCell(line.scannedBy ?? ''),
      valueCell(dateTimeInZone(line.scannedAt, timeZone)),
      textCell(followUpText(line, timeZone)),
    ]);
  }
  return out;
}

const GREY = '#555555';

function heading(doc: PdfDoc, text: string) {
  doc.moveDown(0.8).font(FONT.bold).fontSize(12).fillColor('black').text(text).moveDown(0.3);
}

/** A simple table: fixed columns, a bold header row, rows that wrap and break pages as they need. */
function table(doc: PdfDoc, columns: Array<{ title: string; width: number }>, rows: string[][]) {
  const left = doc.page.margins.left;
  const drawRow = (cells: string[], bold: boolean) => {
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

export async function variancePdf(
  take: StockTake,
  shopName: string,
  lines: StockTakeLine[],
  timeZone: string,
): Promise<Buffer> {
  const doc = createPdf({
    title: `Stock-take #${take.id} variance report`,
    date: new Date(take.closedAt ?? take.startedAt),
  });
  const when = (at: string | null) => dateTimeInZone(at, timeZone);
  doc.font(FONT.bold).fontSize(16).text(`Stock-take #${take.id} – variance report`);
  doc.font(FONT.regular).fontSize(10).fillColor(GREY).text(shopName).fillColor('black').moveDown(0.6);
  doc.fontSize(10);
  doc.text(`Scope: ${take.scopeLabel}`);
  doc.text(`Started by ${take.startedBy ?? 'a former member'} on ${when(take.startedAt)}`);
  doc.text(`Counted by: ${take.countedBy.length > 0 ? take.countedBy.join(', ') : 'nobody scanned'}`);
  doc.text(`Closed by ${take.closedBy ?? 'a former member'} on ${when(take.closedAt)}`);

  heading(doc, 'Figures');
  const { expected, found, missing, unexpected } = take.counts;
  doc.font(FONT.regular).fontSize(10);
  doc.text(`Expected: ${expected}    Found: ${found}    Missing: ${missing}    Unexpected: ${unexpected}`);

  const missingLines = lines.filter((l) => l.outcome === 'missing');
  heading(doc, `Missing (${missingLines.length})`);
  if (missingLines.length === 0) doc.font(FONT.regular).fontSize(10).text('No item is missing.');
  else {
    table(
      doc,
      [
        { title: 'Serial', width: 95 },
        { title: 'Brand / model', width: 130 },
        { title: 'Type', width: 60 },
        { title: 'Location', width: 60 },
        { title: 'Follow-up', width: 170 },
      ],
      missingLines.map((l) => [
        l.serial,
        [l.brand, l.model].filter(Boolean).join(' '),
        l.stockType ?? '',
        l.location,
        followUpText(l, timeZone) || 'None yet',
      ]),
    );
  }

  const unexpectedLines = lines.filter((l) => l.outcome === 'unexpected');
  heading(doc, `Unexpected (${unexpectedLines.length})`);
  if (unexpectedLines.length === 0)
    doc.font(FONT.regular).fontSize(10).text('No unexpected serial was scanned.');
  else {
    table(
      doc,
      [
        { title: 'Serial', width: 95 },
        { title: 'Brand / model', width: 120 },
        { title: 'Reason', width: 130 },
        { title: 'Scanned by', width: 70 },
        { title: 'Scanned at', width: 100 },
      ],
      unexpectedLines.map((l) => [
        l.serial,
        [l.brand, l.model].filter(Boolean).join(' '),
        l.reasonText,
        l.scannedBy ?? '',
        when(l.scannedAt),
      ]),
    );
  }
  return pdfBytes(doc);
}
