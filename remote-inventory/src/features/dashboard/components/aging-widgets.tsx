import type { ConsignmentOverdue, MemoOverdue, StockAging } from '@loupe/contracts';
import {
  DataTable,
  formatCount,
  formatDay,
  formatMoney,
  plural,
  QueryCard,
  StatFigure,
  StatNote,
  type DataColumn,
  useAuth,
} from '@loupe/platform';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useStockAging } from '../api/get-stock-aging';

const Overdue = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-variant-numeric: tabular-nums;
`;

/** A card over the aging figures: its title, then the figures once they are in. */
function AgingCard({ title, children }: { title: string; children(aging: StockAging): ReactNode }) {
  const aging = useStockAging();
  return (
    <QueryCard
      title={title}
      state={aging}
      onRetry={() => void aging.refetch()}
      errorText="Failed to load aged stock figures."
    >
      {children}
    </QueryCard>
  );
}

/** "Showing 50 of 62" when the service cut the list short. */
function MoreNote({ shown, total }: { shown: number; total: number }) {
  return shown < total ? (
    <StatNote>
      Showing the {shown} most overdue of {formatCount(total)}.
    </StatNote>
  ) : null;
}

const daysOverdue = (days: number) => <Overdue>{plural(days, 'day', 'days')}</Overdue>;

const itemLink = (row: { itemId: number; serial: string; brand: string; model: string }) => {
  const name = [row.brand, row.model].filter(Boolean).join(' ');
  return (
    <Link to={`/inventory/edit/${row.itemId}`} aria-label={`Open item ${row.serial}`}>
      {name ? `${name} (${row.serial})` : row.serial}
    </Link>
  );
};

export function AgedStockWidget() {
  // Stock value at cost is for those who may see costs: silver only where the shop allows (issue 21).
  const costs = useAuth().can('viewCosts');
  return (
    <AgingCard title="Aged stock (90+ days)">
      {({ over90, averageDaysToSell, salesCounted }) => (
        <>
          <StatFigure>{formatCount(over90.count)}</StatFigure>
          <StatNote>
            {plural(over90.count, 'item', 'items')} in stock 90 days or more
            {costs && over90.cost !== undefined ? ` · ${formatMoney(over90.cost)} at cost` : ''}
          </StatNote>
          <StatNote>
            Average days to sell:{' '}
            {averageDaysToSell === null
              ? 'no sales in the last year'
              : `${averageDaysToSell.toFixed(1)} (over ${plural(salesCounted, 'sale', 'sales')} in the last year)`}
          </StatNote>
        </>
      )}
    </AgingCard>
  );
}

const MEMO_COLUMNS: readonly DataColumn<MemoOverdue>[] = [
  { key: 'client', header: 'Client', cell: (row) => row.clientName },
  { key: 'item', header: 'Item', cell: itemLink },
  { key: 'due', header: 'Due', cell: (row) => formatDay(row.dueDate) },
  { key: 'overdue', header: 'Overdue', numeric: true, cell: (row) => daysOverdue(row.daysOverdue) },
];

export function ApprovalsPastDueWidget() {
  return (
    <AgingCard title="Approvals past due">
      {(aging) => (
        <>
          <DataTable
            dense
            caption="Approvals past due"
            columns={MEMO_COLUMNS}
            rows={aging.memoOverdue}
            rowKey={(row) => row.checkoutId}
            empty="No approvals past their due date."
          />
          <MoreNote shown={aging.memoOverdue.length} total={aging.memoOverdueCount} />
        </>
      )}
    </AgingCard>
  );
}

const CONSIGNMENT_COLUMNS: readonly DataColumn<ConsignmentOverdue>[] = [
  { key: 'item', header: 'Item', cell: itemLink },
  { key: 'supplier', header: 'Supplier', cell: (row) => row.supplierName },
  { key: 'returnBy', header: 'Return by', cell: (row) => formatDay(row.returnBy) },
  { key: 'overdue', header: 'Overdue', numeric: true, cell: (row) => daysOverdue(row.daysOverdue) },
];

export function ConsignmentsPastReturnWidget() {
  return (
    <AgingCard title="Consignments past return-by">
      {(aging) => (
        <>
          <DataTable
            dense
            caption="Consignments past return-by"
            columns={CONSIGNMENT_COLUMNS}
            rows={aging.consignmentOverdue}
            rowKey={(row) => row.itemId}
            empty="No consignments past their return-by date."
          />
          <MoreNote shown={aging.consignmentOverdue.length} total={aging.consignmentOverdueCount} />
        </>
      )}
    </AgingCard>
  );
}
