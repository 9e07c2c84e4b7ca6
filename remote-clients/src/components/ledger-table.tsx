import type { LedgerDirection, LedgerEntry } from '@loupe/contracts';
import { DataTable, formatDay, formatMoney, VoidedNote, type DataColumn } from '@loupe/platform';
import type { ReactNode } from 'react';
import { Balance } from './balance';

/** What the ledger lists call an entry: a payment either way, or a posting from a stock purchase. */
export const ENTRY_DIRECTION_LABELS: Record<LedgerDirection, string> = {
  received: 'Received',
  paid: 'Paid',
};

const COLUMNS: DataColumn<LedgerEntry>[] = [
  { key: 'date', header: 'Date', noWrap: true, cell: (entry) => formatDay(entry.date) },
  { key: 'direction', header: 'Direction', cell: (entry) => ENTRY_DIRECTION_LABELS[entry.direction] },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    cell: (entry) => formatMoney(Math.abs(entry.amount), entry.currency),
  },
  {
    key: 'rate',
    header: 'Rate',
    numeric: true,
    cell: (entry) => (entry.currency === 'GBP' ? '—' : entry.exchangeRate),
  },
  { key: 'gbp', header: 'In GBP', numeric: true, cell: (entry) => <Balance value={entry.amountGbp} /> },
  { key: 'method', header: 'Method', cell: (entry) => entry.method },
  { key: 'note', header: 'Note', wrap: { maxCh: 24 }, cell: (entry) => entry.note },
];

/** An entry in words, for a Void button's name and a reversal's "Void of …": "Received £100.00 on 1 Feb 2026". */
export const describeEntry = (entry: LedgerEntry): string =>
  `${ENTRY_DIRECTION_LABELS[entry.direction]} ${formatMoney(Math.abs(entry.amount), entry.currency)} on ${formatDay(entry.date)}`;

/**
 * Corrections by reversal (issue 12): a voided entry stays, marked; its reversal says what it voids (in words
 * when the original is on the same page); any other entry gets `action` (the client page's Void), if any.
 */
function statusOf(entry: LedgerEntry, entries: LedgerEntry[], action?: (entry: LedgerEntry) => ReactNode) {
  if (entry.voided) return <VoidedNote voided={entry.voided} />;
  if (entry.reversalOf !== null) {
    const original = entries.find((other) => other.id === entry.reversalOf);
    return `Void of ${original ? describeEntry(original) : `entry ${entry.reversalOf}`}`;
  }
  return action ? action(entry) : null;
}

/** Ledger entries, newest first: what moved the client's balance, in its currency and in GBP. */
export function LedgerTable({
  entries,
  caption,
  action,
}: {
  entries: LedgerEntry[];
  caption: string;
  /** What an entry that is neither voided nor a reversal shows in the Status column (a Void button). */
  action?: (entry: LedgerEntry) => ReactNode;
}) {
  const columns: DataColumn<LedgerEntry>[] = [
    ...COLUMNS,
    {
      key: 'status',
      header: 'Status',
      wrap: { maxCh: 32 },
      cell: (entry) => statusOf(entry, entries, action),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={entries} rowKey={(entry) => entry.id} />;
}
