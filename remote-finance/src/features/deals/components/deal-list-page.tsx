import { DEAL_CHANNEL_LABELS, DEAL_STATUSES } from '@loupe/contracts';
import {
  Button,
  Card,
  DataTable,
  FilterActions,
  formatDay,
  formatMoney,
  ListResults,
  PageHeader,
  RetryAlert,
  SelectField,
  useListController,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DEAL_FILTERS, dealsQueryOptions, type Deal } from '../api/get-deals';
import { DEAL_STATUS_LABELS } from '../lib/deal-labels';

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: start;
  column-gap: ${({ theme }) => theme.space(3)};
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const Late = styled(Sub)`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const OVERDUE_LABELS = { '': 'Any', true: 'Overdue layaways only' } as const;

const COLUMNS: readonly DataColumn<Deal>[] = [
  {
    key: 'reference',
    header: 'Reference',
    rowHeader: true,
    noWrap: true,
    // The row's link: the reference opens the deal.
    cell: (deal) => <Link to={`/deals/${deal.id}`}>{deal.reference}</Link>,
  },
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    cell: (deal) => <time dateTime={deal.date}>{formatDay(deal.date)}</time>,
  },
  { key: 'buyer', header: 'Buyer', wrap: { minCh: 12, maxCh: 28 }, cell: (deal) => deal.buyerName || '—' },
  // Where the sale came from (issue 24 item 4).
  { key: 'channel', header: 'Channel', cell: (deal) => DEAL_CHANNEL_LABELS[deal.channel] },
  {
    key: 'status',
    header: 'Status',
    cell: (deal) => (
      <>
        {DEAL_STATUS_LABELS[deal.status]}
        {deal.status === 'reserved' && deal.collectBy ? (
          deal.overdue ? (
            <Late>Overdue since {formatDay(deal.collectBy)}</Late>
          ) : (
            <Sub>Collect by {formatDay(deal.collectBy)}</Sub>
          )
        ) : null}
        {deal.invoice ? <Sub>{deal.invoice.reference}</Sub> : null}
      </>
    ),
  },
  { key: 'total', header: 'Total', numeric: true, cell: (deal) => formatMoney(deal.totals.dueGbp) },
  { key: 'balance', header: 'Balance', numeric: true, cell: (deal) => formatMoney(deal.totals.balanceGbp) },
];

/**
 * /deals (issue 20): the shop's deals, newest first, filtered by status and to the layaways past their
 * collect-by day, with the filters in the URL. Each reference opens its deal; New deal opens the Deal screen.
 */
export function DealListPage() {
  usePageTitle('Deals');
  const list = useListController({ filters: DEAL_FILTERS, query: dealsQueryOptions });
  const filtered = DEAL_FILTERS.some((name) => list.filters[name]);

  return (
    <>
      <PageHeader title="Deals" actions={<Link to="/deals/new">New deal</Link>} />
      <Card>
        <Filters>
          <SelectField
            label="Status"
            value={list.filters.status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
          >
            <option value="">Any status</option>
            {DEAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DEAL_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Overdue"
            value={list.filters.overdue === 'true' ? 'true' : ''}
            onChange={(event) => list.setFilters({ overdue: event.target.value })}
          >
            <option value="">{OVERDUE_LABELS['']}</option>
            <option value="true">{OVERDUE_LABELS.true}</option>
          </SelectField>
        </Filters>
        <FilterActions>
          {filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </FilterActions>

        {list.error ? (
          <RetryAlert error={list.error} what="Failed to load deals." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading deals..."
          emptyText={filtered ? 'No deals match these filters.' : 'No deals yet.'}
          paginationLabel="Deals pages"
        >
          {(rows) => <DataTable caption="Deals" columns={COLUMNS} rows={rows} rowKey={(deal) => deal.id} />}
        </ListResults>
      </Card>
    </>
  );
}
