import type { DashboardPin } from '@loupe/contracts';
import {
  Alert,
  Button,
  DataTable,
  formatDay,
  formatMoney,
  plural,
  QueryCard,
  Stack,
  StatFigure,
  StatList,
  StatNote,
  type DataColumn,
  useAuth,
} from '@loupe/platform';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SignedMoney } from '../../../components/signed-money';
import { reportRangeLabel, reportTypeLabel, spanLabel } from '../../../lib/report-labels';
import { useUndoableUnpin } from '../api/delete-pin';
import { useFinanceDashboard, type FinanceDashboard } from '../api/get-finance-dashboard';
import { usePins } from '../api/get-pins';

/** A second, smaller line in a table cell (a sale's date, a profit's percentage). */
const Small = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.8rem;
`;

const PinList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: ${({ theme }) => `${theme.space(3)} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1rem;
  }
`;

function FinanceCard({ title, children }: { title: string; children(data: FinanceDashboard): ReactNode }) {
  const dashboard = useFinanceDashboard();
  return (
    <QueryCard title={title} state={dashboard} onRetry={() => void dashboard.refetch()}>
      {children}
    </QueryCard>
  );
}

export function RevenueWidget() {
  return (
    <FinanceCard title="Revenue">
      {(data) => (
        <>
          <StatFigure>{formatMoney(data.revenue.month)}</StatFigure>
          <StatNote>This month · {formatMoney(data.revenue.allTime)} in all</StatNote>
        </>
      )}
    </FinanceCard>
  );
}

export function SalesSummaryWidget() {
  return (
    <FinanceCard title="Sales Summary">
      {(data) => (
        <div role="group" aria-label="Sales">
          <StatList>
            <dt>Today</dt>
            <dd>{formatMoney(data.sales.today)}</dd>
            <dt>This week</dt>
            <dd>{formatMoney(data.sales.week)}</dd>
            <dt>This month</dt>
            <dd>{formatMoney(data.sales.month)}</dd>
          </StatList>
        </div>
      )}
    </FinanceCard>
  );
}

/*
 * Purchases at cost and profit are for those who may see costs: silver only where the shop allows (issue 21,
 * contracts' permissions.ts). Without 'viewCosts' these cards are not shown at all (the API leaves the figures
 * out of its answer too).
 */
/** Whether the cost cards show: not for a member known not to see costs (while the session loads, a spinner). */
function useCostCard(): boolean {
  const { can, loading } = useAuth();
  return loading || can('viewCosts');
}

export function PurchasesWidget() {
  if (!useCostCard()) return null;
  return (
    <FinanceCard title="Purchases">
      {({ purchases }) =>
        purchases ? (
          <>
            <StatFigure>{formatMoney(purchases.month)}</StatFigure>
            <StatNote>{plural(purchases.count, 'item', 'items')} bought this month</StatNote>
          </>
        ) : null
      }
    </FinanceCard>
  );
}

export function ProfitLossWidget() {
  if (!useCostCard()) return null;
  return (
    <FinanceCard title="Profit & Loss">
      {({ profitLoss }) =>
        profitLoss ? (
          <>
            <StatFigure>
              <SignedMoney value={profitLoss.month} />
            </StatFigure>
            <StatNote>This month: sales less the cost of stock sold and expenses</StatNote>
          </>
        ) : null
      }
    </FinanceCard>
  );
}

export function SalesByMethodWidget() {
  return (
    <FinanceCard title="Sales by Method">
      {(data) => (
        <>
          <div role="group" aria-label="Sales by method">
            <StatList>
              <dt>Card</dt>
              <dd>{formatMoney(data.salesByMethod.card)}</dd>
              <dt>Cash</dt>
              <dd>{formatMoney(data.salesByMethod.cash)}</dd>
              <dt>Bank</dt>
              <dd>{formatMoney(data.salesByMethod.bank)}</dd>
              {data.salesByMethod.other !== 0 ? (
                <>
                  <dt>Other</dt>
                  <dd>{formatMoney(data.salesByMethod.other)}</dd>
                </>
              ) : null}
            </StatList>
          </div>
          <StatNote>This month</StatNote>
        </>
      )}
    </FinanceCard>
  );
}

const percent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;

type WatchSale = FinanceDashboard['recentWatchSales'][number];

const SALE_COLUMNS: readonly DataColumn<WatchSale>[] = [
  {
    key: 'watch',
    header: 'Watch',
    cell: (sale) => (
      <>
        {sale.watch} <Small>{formatDay(sale.saleDate)}</Small>
      </>
    ),
  },
  { key: 'price', header: 'Sale Price', numeric: true, cell: (sale) => formatMoney(sale.salePrice) },
  {
    key: 'profit',
    header: 'Profit',
    numeric: true,
    cell: (sale) =>
      sale.profit === undefined ? null : (
        <>
          <SignedMoney value={sale.profit} />
          {sale.profitPercent === null || sale.profitPercent === undefined ? null : (
            <Small> {percent(sale.profitPercent)}</Small>
          )}
        </>
      ),
  },
];

export function RecentWatchSalesWidget() {
  // The Profit column only for those who may see costs (issue 21).
  const costs = useAuth().can('viewCosts');
  const columns = costs ? SALE_COLUMNS : SALE_COLUMNS.filter((column) => column.key !== 'profit');
  return (
    <FinanceCard title="Recent Watch Sales">
      {(data) => (
        <DataTable
          dense
          caption="Recent Watch Sales"
          columns={columns}
          rows={data.recentWatchSales}
          rowKey={(sale) => sale.saleId}
          empty="No watches sold yet."
        />
      )}
    </FinanceCard>
  );
}

function pinTitle(pin: DashboardPin): string {
  const range =
    pin.range === 'custom' && pin.from && pin.to ? spanLabel(pin.from, pin.to) : reportRangeLabel(pin.range);
  return `${reportTypeLabel(pin.type)}, ${range}`;
}

function reportLink(pin: DashboardPin): string {
  const params = new URLSearchParams({ type: pin.type, range: pin.range });
  if (pin.range === 'custom' && pin.from && pin.to) {
    params.set('from', pin.from);
    params.set('to', pin.to);
  }
  return `/reports?${params.toString()}`;
}

function PinItem({ pin, onUnpin }: { pin: DashboardPin; onUnpin(pin: DashboardPin, title: string): void }) {
  const title = pinTitle(pin);

  return (
    <li>
      <Stack $row $spread $gap={2}>
        <h3>
          <Link to={reportLink(pin)}>{title}</Link>
        </h3>
        <Button variant="ghost" onClick={() => onUnpin(pin, title)} aria-label={`Unpin ${title}`}>
          Unpin
        </Button>
      </Stack>
      <StatNote>{spanLabel(pin.periodFrom, pin.periodTo)}</StatNote>
      <div role="group" aria-label={`${title} totals`}>
        <StatList>
          <dt>Sales</dt>
          <dd>{formatMoney(pin.totals.sales)}</dd>
          <dt>Expenses</dt>
          <dd>{formatMoney(pin.totals.expenses)}</dd>
          {pin.totals.profit === undefined ? null : (
            <>
              <dt>Profit</dt>
              <dd>
                <SignedMoney value={pin.totals.profit} />
              </dd>
            </>
          )}
        </StatList>
      </div>
    </li>
  );
}

/** The reports this user pinned with Add to Dash, each with its totals as of now. */
export function PinnedReportsWidget() {
  const pins = usePins();
  const unpinning = useUndoableUnpin();
  return (
    <QueryCard title="Pinned Reports" state={pins} onRetry={() => void pins.refetch()}>
      {(list) => (
        <>
          {unpinning.error ? <Alert>{unpinning.error}</Alert> : null}
          <PinListOrNote pins={unpinning.shown(list.results)} onUnpin={unpinning.unpin} />
        </>
      )}
    </QueryCard>
  );
}

function PinListOrNote({
  pins,
  onUnpin,
}: {
  pins: DashboardPin[];
  onUnpin(pin: DashboardPin, title: string): void;
}) {
  return pins.length === 0 ? (
    <StatNote>
      No pinned reports yet. Choose a report in <Link to="/reports">Reports</Link> and press Add to Dash.
    </StatNote>
  ) : (
    <PinList aria-label="Pinned reports">
      {pins.map((pin) => (
        <PinItem key={pin.id} pin={pin} onUnpin={onUnpin} />
      ))}
    </PinList>
  );
}
