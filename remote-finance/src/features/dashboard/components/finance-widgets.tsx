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

export function PurchasesWidget() {
  return (
    <FinanceCard title="Purchases">
      {(data) => (
        <>
          <StatFigure>{formatMoney(data.purchases.month)}</StatFigure>
          <StatNote>{plural(data.purchases.count, 'item', 'items')} bought this month</StatNote>
        </>
      )}
    </FinanceCard>
  );
}

export function ProfitLossWidget() {
  return (
    <FinanceCard title="Profit & Loss">
      {(data) => (
        <>
          <StatFigure>
            <SignedMoney value={data.profitLoss.month} />
          </StatFigure>
          <StatNote>This month: sales less the cost of stock sold and expenses</StatNote>
        </>
      )}
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
    cell: (sale) => (
      <>
        <SignedMoney value={sale.profit} />
        {sale.profitPercent === null ? null : <Small> {percent(sale.profitPercent)}</Small>}
      </>
    ),
  },
];

export function RecentWatchSalesWidget() {
  return (
    <FinanceCard title="Recent Watch Sales">
      {(data) => (
        <DataTable
          dense
          caption="Recent Watch Sales"
          columns={SALE_COLUMNS}
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
          <dt>Profit</dt>
          <dd>
            <SignedMoney value={pin.totals.profit} />
          </dd>
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
