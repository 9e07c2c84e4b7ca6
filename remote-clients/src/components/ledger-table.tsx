import type { LedgerDirection, LedgerEntry } from '@loupe/contracts';
import { DataTable, formatDay, formatMoney, type DataColumn } from '@loupe/platform';
import { Balance } from './balance';

/** What the ledger lists call an entry: a payment either way, or a posting from a stock purchase. */
const ENTRY_DIRECTION_LABELS: Record<LedgerDirection, string> = {
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

/** Ledger entries, newest first: what moved the client's balance, in its currency and in GBP. */
export function LedgerTable({ entries, caption }: { entries: LedgerEntry[]; caption: string }) {
  return <DataTable caption={caption} columns={COLUMNS} rows={entries} rowKey={(entry) => entry.id} />;
}
