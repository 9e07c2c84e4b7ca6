import {
  DataTable,
  formatCount,
  formatDay,
  formatMoney,
  plural,
  QueryCard,
  StatNote,
  today,
  type DataColumn,
} from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Deal } from '../api/get-deals';
import { useOverdueLayaways } from '../api/get-overdue-layaways';
import { daysBetween } from '../lib/deal-labels';

const Late = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-variant-numeric: tabular-nums;
`;

const columns = (day: string): readonly DataColumn<Deal>[] => [
  { key: 'client', header: 'Client', cell: (deal) => deal.buyerName || '—' },
  {
    key: 'deal',
    header: 'Deal',
    cell: (deal) => (
      <Link to={`/deals/${deal.id}`} aria-label={`Open deal ${deal.reference}`}>
        {deal.reference}
      </Link>
    ),
  },
  { key: 'collectBy', header: 'Collect by', noWrap: true, cell: (deal) => formatDay(deal.collectBy) },
  {
    key: 'overdue',
    header: 'Overdue',
    numeric: true,
    cell: (deal) =>
      deal.collectBy ? (
        <Late>{plural(Math.max(daysBetween(deal.collectBy, day), 1), 'day', 'days')}</Late>
      ) : (
        '—'
      ),
  },
  { key: 'balance', header: 'Balance', numeric: true, cell: (deal) => formatMoney(deal.totals.balanceGbp) },
];

/**
 * Overdue layaways (issue 20): reserved deals past their collect-by day (`GET /api/deals/?overdue=true`), with
 * how long past it and what the client still owes; each opens its deal.
 */
export function OverdueLayawaysWidget() {
  const overdue = useOverdueLayaways();
  return (
    <QueryCard title="Overdue layaways" state={overdue} onRetry={() => void overdue.refetch()}>
      {(list) => (
        <>
          <DataTable
            dense
            caption="Overdue layaways"
            columns={columns(today())}
            rows={list.results}
            rowKey={(deal) => deal.id}
            empty="No layaways past their collect-by day."
          />
          {list.results.length < list.count ? (
            <StatNote>
              Showing {list.results.length} of {formatCount(list.count)}.{' '}
              <Link to="/deals?overdue=true">All overdue layaways</Link>
            </StatNote>
          ) : null}
        </>
      )}
    </QueryCard>
  );
}
