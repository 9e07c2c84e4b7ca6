import type { InventorySummary, StockType } from '@loupe/contracts';
import {
  DataTable,
  formatMoney,
  plural,
  QueryCard,
  StatFigure,
  StatNote,
  useAuth,
  type DataColumn,
} from '@loupe/platform';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useInventorySummary } from '../api/get-inventory-summary';

const Bar = styled.div`
  height: 12px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  margin: ${({ theme }) => theme.space(2)} 0;
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const Counts = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: start;
  column-gap: ${({ theme }) => theme.space(4)};
  row-gap: ${({ theme }) => theme.space(1)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Markup = styled.span<{ $negative: boolean }>`
  color: ${({ theme, $negative }) => ($negative ? theme.colors.danger : theme.colors.success)};
`;

/** A widget's card: its title, then the summary's figures once they are in. */
function SummaryCard({ title, children }: { title: string; children(summary: InventorySummary): ReactNode }) {
  const summary = useInventorySummary();
  return (
    <QueryCard
      title={title}
      state={summary}
      onRetry={() => void summary.refetch()}
      errorText="Failed to load stock figures."
    >
      {children}
    </QueryCard>
  );
}

function StockTypeCard({ title, type, noun }: { title: string; type: StockType; noun: [string, string] }) {
  // Stock value at cost is for those who may see costs: silver only where the shop allows (issue 21).
  const costs = useAuth().can('viewCosts');
  return (
    <SummaryCard title={title}>
      {(summary) => {
        const { count, value } = summary.byStockType[type];
        return (
          <>
            <StatFigure>{count.toLocaleString('en-GB')}</StatFigure>
            <StatNote>
              {plural(count, ...noun)} in stock
              {costs && value !== undefined ? ` · ${formatMoney(value)} at cost` : ''}
            </StatNote>
          </>
        );
      }}
    </SummaryCard>
  );
}

export function TotalWatchesWidget() {
  return <StockTypeCard title="Total Watches" type="Watches" noun={['watch', 'watches']} />;
}

export function JewelleryWidget() {
  return <StockTypeCard title="Jewellery" type="Jewellery" noun={['piece', 'pieces']} />;
}

export function StockSummaryWidget() {
  const costs = useAuth().can('viewCosts');
  return (
    <SummaryCard title="Stock Summary">
      {(summary) => {
        const available = summary.byStatus.available;
        const total = summary.inStockCount;
        const percent = total > 0 ? Math.round((available / total) * 100) : 0;
        return (
          <>
            <StatNote>
              {plural(available, 'item', 'items')} available of {plural(total, 'item', 'items')} in stock (
              {percent}%)
            </StatNote>
            <Bar
              role="progressbar"
              aria-label="Available items in stock"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={available}
              aria-valuetext={`${available} of ${total} available`}
            >
              <span style={{ width: `${percent}%` }} />
            </Bar>
            <Counts>
              <dt>Checked out</dt>
              <dd>{summary.byStatus.checked_out.toLocaleString('en-GB')}</dd>
              <dt>Reserved</dt>
              <dd>{summary.byStatus.reserved.toLocaleString('en-GB')}</dd>
              <dt>Unavailable</dt>
              <dd>{summary.byStatus.unavailable.toLocaleString('en-GB')}</dd>
              <dt>Sold</dt>
              <dd>{summary.byStatus.sold.toLocaleString('en-GB')}</dd>
              {costs && summary.inStockValue !== undefined ? (
                <>
                  <dt>Stock value</dt>
                  <dd>{formatMoney(summary.inStockValue)}</dd>
                </>
              ) : null}
            </Counts>
          </>
        );
      }}
    </SummaryCard>
  );
}

type Purchase = InventorySummary['recentPurchases'][number];

const PURCHASE_COLUMNS: readonly DataColumn<Purchase>[] = [
  { key: 'watch', header: 'Watch', cell: (row) => row.name },
  {
    key: 'price',
    header: 'Purchase Price',
    numeric: true,
    cell: (row) => (row.purchasePrice === undefined ? '—' : formatMoney(row.purchasePrice)),
  },
  {
    key: 'markup',
    header: 'Expected Markup',
    numeric: true,
    cell: (row) =>
      row.expectedMarkupPercent === null || row.expectedMarkupPercent === undefined ? (
        '—'
      ) : (
        <Markup $negative={row.expectedMarkupPercent < 0}>
          {row.expectedMarkupPercent > 0 ? '+' : ''}
          {row.expectedMarkupPercent.toFixed(1)}%
        </Markup>
      ),
  },
];

/** What a purchase cost and its expected markup, shown only to members who may see costs. */
const COST_COLUMNS = new Set(['price', 'markup']);

export function RecentPurchasesWidget() {
  const costs = useAuth().can('viewCosts');
  const columns = costs
    ? PURCHASE_COLUMNS
    : PURCHASE_COLUMNS.filter((column) => !COST_COLUMNS.has(column.key));
  return (
    <SummaryCard title="Recent Purchases">
      {(summary) => (
        <DataTable
          dense
          caption="Recent Purchases"
          columns={columns}
          rows={summary.recentPurchases}
          rowKey={(row) => row.id}
          empty="No watches bought yet."
        />
      )}
    </SummaryCard>
  );
}
