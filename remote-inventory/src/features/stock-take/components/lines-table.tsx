import type { StockTakeLine, StockTakeOutcome } from '@loupe/contracts';
import { Alert, DataTable, errorMessage, formatCount, Spinner, type DataColumn } from '@loupe/platform';
import type { ReactNode } from 'react';
import { LINES_PAGE, useStockTakeLines } from '../api/stock-takes';
import { byAt } from './stock-take-words';

export const OUTCOME_NAMES: Record<StockTakeOutcome, string> = {
  found: 'Found',
  missing: 'Missing',
  unexpected: 'Unexpected',
};

const EMPTY: Record<StockTakeOutcome, string> = {
  found: 'Nothing found yet.',
  missing: 'Nothing missing.',
  unexpected: 'No unexpected scans.',
};

/** One outcome's lines of a count: serial, item, location, why (unexpected), who scanned it, and a follow-up. */
export function LinesTable({
  takeId,
  outcome,
  live,
  followUp,
}: {
  takeId: number;
  outcome: StockTakeOutcome;
  live: boolean;
  followUp?: (line: StockTakeLine) => ReactNode;
}) {
  const lines = useStockTakeLines(takeId, outcome, live);
  if (lines.error && !lines.data)
    return <Alert>{errorMessage(lines.error, 'The lines could not be loaded.')}</Alert>;
  if (!lines.data) return <Spinner label="Loading lines..." />;
  if (lines.data.count === 0) return <p>{EMPTY[outcome]}</p>;
  const columns: DataColumn<StockTakeLine>[] = [
    { key: 'serial', header: 'Serial', rowHeader: true, noWrap: true, cell: (line) => line.serial },
    {
      key: 'item',
      header: 'Item',
      cell: (line) => [line.brand, line.model].filter(Boolean).join(' ') || '—',
    },
    { key: 'location', header: 'Location', cell: (line) => line.location || '—' },
    ...(outcome === 'unexpected'
      ? [{ key: 'reason', header: 'Reason', cell: (line: StockTakeLine) => line.reasonText }]
      : []),
    ...(outcome === 'missing'
      ? []
      : [
          {
            key: 'scanned',
            header: 'Scanned',
            cell: (line: StockTakeLine) => byAt(line.scannedBy, line.scannedAt),
          },
        ]),
    ...(followUp ? [{ key: 'follow', header: 'Follow-up', cell: followUp }] : []),
  ];
  return (
    <>
      <DataTable
        caption={`${OUTCOME_NAMES[outcome]} (${formatCount(lines.data.count)})`}
        columns={columns}
        rows={lines.data.results}
        rowKey={(line) => `${line.serial}-${line.itemId ?? ''}`}
      />
      {lines.data.count > LINES_PAGE ? (
        <p>
          Showing the first {formatCount(LINES_PAGE)} of {formatCount(lines.data.count)}. The CSV of the
          variance report lists them all.
        </p>
      ) : null}
    </>
  );
}
