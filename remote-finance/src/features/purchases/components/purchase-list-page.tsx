import { PURCHASE_STATUSES } from '@loupe/contracts';
import {
  Button,
  Card,
  DataTable,
  DayField,
  FilterActions,
  formatDay,
  formatMoney,
  ListResults,
  PageHeader,
  RetryAlert,
  SelectField,
  useAuth,
  useListController,
  usePageTitle,
  type DataColumn,
  ClientFilterPicker,
} from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  PURCHASE_FILTERS,
  purchasesQueryOptions,
  type PurchaseFilter,
  type PurchaseRow,
} from '../api/get-purchases';
import { PURCHASE_STATUS_LABELS, sellerShown } from '../lib/purchase-labels';

// Aligned at the top: the seller picker's "Chosen: …" line under it would otherwise lift its label.
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

const COLUMNS: readonly DataColumn<PurchaseRow>[] = [
  {
    key: 'reference',
    header: 'Reference',
    rowHeader: true,
    noWrap: true,
    // The row's link: the reference opens the purchase.
    cell: (row) => <Link to={`/purchases/${row.id}`}>{row.reference}</Link>,
  },
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    cell: (row) => <time dateTime={row.date}>{formatDay(row.date)}</time>,
  },
  {
    key: 'seller',
    header: 'Seller',
    wrap: { minCh: 12, maxCh: 28 },
    cell: (row) => (
      <>
        {sellerShown(row) || '—'}
        <Sub>
          {row.lines.length === 1 ? '1 item' : `${row.lines.length} items`}
          {row.outstanding.length > 0
            ? `, ${row.outstanding.length === 1 ? '1 check' : `${row.outstanding.length} checks`} outstanding`
            : ''}
        </Sub>
      </>
    ),
  },
  { key: 'status', header: 'Status', cell: (row) => PURCHASE_STATUS_LABELS[row.status] },
  { key: 'total', header: 'Total', numeric: true, cell: (row) => formatMoney(row.totalGbp) },
];

/**
 * /purchases (issue 22): the shop's buy-ins, newest first, filtered by days, seller and status with the filters
 * in the URL (a filtered view can be bookmarked or shared). Each reference opens its purchase; Buy In opens the
 * buy-in screen.
 */
export function PurchaseListPage() {
  usePageTitle('Purchases');
  // Buying in records a cost: offered to the members who may see costs, as the service allows.
  const canBuy = useAuth().can('viewCosts');
  const list = useListController({ filters: PURCHASE_FILTERS, query: purchasesQueryOptions });

  const set = (name: PurchaseFilter) => (value: string) => list.setFilters({ [name]: value });

  return (
    <>
      <PageHeader title="Purchases" actions={canBuy ? <Link to="/purchases/new">Buy In</Link> : null} />
      <Card>
        <Filters>
          <DayField
            label="From"
            value={list.filters.date_from}
            max={list.filters.date_to || undefined}
            error={list.filterErrors.date_from}
            onChange={set('date_from')}
          />
          <DayField
            label="To"
            value={list.filters.date_to}
            min={list.filters.date_from || undefined}
            error={list.filterErrors.date_to}
            onChange={set('date_to')}
          />
          <ClientFilterPicker
            label="Seller"
            hint="Any seller"
            value={list.filters.seller}
            error={list.filterErrors.seller}
            onChange={set('seller')}
          />
          <SelectField
            label="Status"
            value={list.filters.status}
            error={list.filterErrors.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            <option value="">Any status</option>
            {PURCHASE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PURCHASE_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        </Filters>
        <FilterActions>
          {list.filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </FilterActions>

        {list.error && !list.filtersRefused ? (
          <RetryAlert error={list.error} what="Failed to load purchases." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading purchases..."
          emptyText={
            list.filtered
              ? 'No purchases match these filters.'
              : 'No purchases yet: Buy In records the first.'
          }
          paginationLabel="Purchases pages"
        >
          {(rows) => <DataTable caption="Purchases" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} />}
        </ListResults>
      </Card>
    </>
  );
}
