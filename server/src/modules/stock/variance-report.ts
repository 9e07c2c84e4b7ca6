import type { StockTake, StockTakeLine } from '@loupe/contracts';
import { csvLine, textCell, valueCell } from '../../kernel/csv';
// The PDF layout kit, which every document Loupe prints uses.
import {
  FONT,
  MUTED,
  createPdf,
  dateTimeInZone,
  drawPageNumbers,
  drawSectionTitle,
  drawTable,
  pdfBytes,
} from '../../kernel/pdf';

// The variance report of a closed stock-take (contracts/src/stock-takes.ts), as CSV and as PDF. Both are made
// from the frozen lines only, so they read the same whenever they are downloaded. The PDF numbers its pages
// ("Page 1 of N"), repeats a table's header row on each page the table runs onto, and prints each serial on
// one line (drawTable's noWrap column).

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

export async function variancePdf(
  take: StockTake,
  shopName: string,
  lines: StockTakeLine[],
  timeZone: string,
): Promise<Buffer> {
  const doc = createPdf({
    title: `Stock Take #${take.id} variance report`,
    date: new Date(take.closedAt ?? take.startedAt),
    // Kept open to the end, so each page can say "Page 1 of N" once N is known.
    bufferPages: true,
  });
  const when = (at: string | null) => dateTimeInZone(at, timeZone);
  doc.font(FONT.bold).fontSize(16).text(`Stock Take #${take.id} – variance report`);
  doc.font(FONT.regular).fontSize(10).fillColor(MUTED).text(shopName).fillColor('black').moveDown(0.6);
  doc.fontSize(10);
  doc.text(`Scope: ${take.scopeLabel}`);
  doc.text(`Started by ${take.startedBy ?? 'a former member'} on ${when(take.startedAt)}`);
  doc.text(`Counted by: ${take.countedBy.length > 0 ? take.countedBy.join(', ') : 'nobody scanned'}`);
  doc.text(`Closed by ${take.closedBy ?? 'a former member'} on ${when(take.closedAt)}`);

  drawSectionTitle(doc, 'Figures');
  const { expected, found, missing, unexpected } = take.counts;
  doc.font(FONT.regular).fontSize(10);
  doc.text(`Expected: ${expected}    Found: ${found}    Missing: ${missing}    Unexpected: ${unexpected}`);

  const missingLines = lines.filter((l) => l.outcome === 'missing');
  drawSectionTitle(doc, `Missing (${missingLines.length})`);
  if (missingLines.length === 0) doc.font(FONT.regular).fontSize(10).text('No item is missing.');
  else {
    drawTable(
      doc,
      [
        { title: 'Serial', width: 95, noWrap: true },
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
  drawSectionTitle(doc, `Unexpected (${unexpectedLines.length})`);
  if (unexpectedLines.length === 0)
    doc.font(FONT.regular).fontSize(10).text('No unexpected serial was scanned.');
  else {
    drawTable(
      doc,
      [
        { title: 'Serial', width: 95, noWrap: true },
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
  drawPageNumbers(doc);
  return pdfBytes(doc);
}
