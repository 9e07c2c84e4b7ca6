import type { LedgerEntry } from '@loupe/contracts';
import { formatDay, formatMoney, Table, TableScroll, VisuallyHidden } from '@loupe/platform';
import styled from 'styled-components';
import { Balance } from '../../../components/balance';
import { ENTRY_DIRECTION_LABELS } from '../lib/payment';

const Num = styled.td`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const Note = styled.td`
  max-width: 24ch;
  overflow-wrap: anywhere;
`;

/** Ledger entries, newest first: what moved the client's balance, in its currency and in GBP. */
export function LedgerTable({ entries, caption }: { entries: LedgerEntry[]; caption: string }) {
  return (
    <TableScroll>
      <Table>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Direction</th>
            <th scope="col">Amount</th>
            <th scope="col">Rate</th>
            <th scope="col">In GBP</th>
            <th scope="col">Method</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <Num>{formatDay(entry.date)}</Num>
              <td>{ENTRY_DIRECTION_LABELS[entry.direction]}</td>
              <Num>{formatMoney(Math.abs(entry.amount), entry.currency)}</Num>
              <Num>{entry.currency === 'GBP' ? '—' : entry.exchangeRate}</Num>
              <Num>
                <Balance value={entry.amountGbp} />
              </Num>
              <td>{entry.method}</td>
              <Note>{entry.note}</Note>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
