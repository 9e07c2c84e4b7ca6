import type { ClientCheckout } from '@loupe/contracts';
import {
  Card,
  DataTable,
  formatDay,
  formatMoney,
  LoadStateView,
  today,
  type DataColumn,
} from '@loupe/platform';
import { useId } from 'react';
import styled from 'styled-components';
import { approvalNoteUrl, useClientCheckouts } from '../api/get-client-documents';

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

// Red, and said in words too: colour alone tells a screen reader (or a colour-blind reader) nothing.
const Overdue = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const itemName = (line: ClientCheckout) =>
  [line.serial, [line.brand, line.model].filter(Boolean).join(' ')].filter(Boolean).join(' — ');

/** Still out past its due date (the shop's today). */
const isOverdue = (line: ClientCheckout) =>
  line.endedAt === null && line.dueDate !== null && line.dueDate < today();

function endedText(line: ClientCheckout): string {
  if (line.endedAt === null) return 'Still out';
  return `${line.outcome === 'sold' ? 'Sold' : 'Returned'} ${formatDay(line.endedAt)}`;
}

const COLUMNS: readonly DataColumn<ClientCheckout>[] = [
  { key: 'item', header: 'Item', rowHeader: true, cell: itemName },
  {
    key: 'price',
    header: 'Agreed price',
    numeric: true,
    cell: (line) => (line.agreedPrice === null ? 'To be agreed' : formatMoney(line.agreedPrice)),
  },
  {
    key: 'due',
    header: 'Due',
    noWrap: true,
    cell: (line) =>
      line.dueDate === null ? (
        '—'
      ) : isOverdue(line) ? (
        <Overdue>{formatDay(line.dueDate)} (overdue)</Overdue>
      ) : (
        formatDay(line.dueDate)
      ),
  },
  { key: 'out', header: 'Out since', noWrap: true, cell: (line) => formatDay(line.checkedOutAt) },
  { key: 'ended', header: 'Returned / sold', noWrap: true, cell: endedText },
  {
    key: 'note',
    header: 'Approval note',
    hideHeader: true,
    cell: (line) => (
      <a
        href={approvalNoteUrl(line.id)}
        target="_blank"
        rel="noopener"
        aria-label={`Approval note for ${line.serial}`}
      >
        Approval note
      </a>
    ),
  },
];

/**
 * The client's page: every item lent to the client on approval, open or ended, newest first, each with its
 * approval note to print again (issue 13).
 */
export function ClientCheckouts({ clientId }: { clientId: number }) {
  const titleId = useId();
  const checkouts = useClientCheckouts(clientId);
  return (
    <Card aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Approval notes</SectionTitle>
      <LoadStateView
        state={checkouts}
        onRetry={() => void checkouts.refetch()}
        loadingLabel="Loading check-outs..."
        errorText="Failed to load the check-outs."
      >
        {({ results }) =>
          results.length === 0 ? (
            <Muted>Nothing has been checked out to this client.</Muted>
          ) : (
            <DataTable
              caption="Check-outs on approval"
              columns={COLUMNS}
              rows={results}
              rowKey={(line) => line.id}
            />
          )
        }
      </LoadStateView>
    </Card>
  );
}
