import type { DashboardPin, FinanceDashboard } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorDetail,
  formatDay,
  formatMoney,
  plural,
  type QueryResult,
  Spinner,
  Table,
  TableScroll,
  VisuallyHidden,
} from '@loupe/platform';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SignedMoney } from '../../../components/signed-money';
import { reportRangeLabel, reportTypeLabel, spanLabel } from '../../../lib/report-labels';
import { deletePin } from '../api/delete-pin';
import { useFinanceDashboard } from '../api/get-finance-dashboard';
import { usePins } from '../api/get-pins';

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const Figure = styled.p`
  margin: 0;
  font-size: 2rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Sub = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: space-between;
  row-gap: ${({ theme }) => theme.space(2)};
  column-gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const Num = styled.td`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** A second, smaller line in a table cell (a sale's date, a profit's percentage). */
const Small = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.8rem;
`;

/** Three columns in a third of the dashboard: tighter than a page's table. */
const CompactTable = styled(Table)`
  font-size: 0.9rem;
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(1)}`};
  }
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

const PinHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A widget's card: its title, then its content once its data is in, or its own spinner or error. */
function WidgetCard<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: QueryResult<T>;
  children(data: T): ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>{title}</Title>
      {query.status === 'error' ? (
        <Alert>
          {errorDetail(query.error) ?? `Failed to load ${title}.`}{' '}
          <Button variant="secondary" onClick={query.reload}>
            Retry
          </Button>
        </Alert>
      ) : query.status === 'success' ? (
        children(query.data)
      ) : (
        <Spinner label={`Loading ${title}...`} />
      )}
    </Card>
  );
}

function FinanceCard({ title, children }: { title: string; children(data: FinanceDashboard): ReactNode }) {
  return (
    <WidgetCard title={title} query={useFinanceDashboard()}>
      {children}
    </WidgetCard>
  );
}

export function RevenueWidget() {
  return (
    <FinanceCard title="Revenue">
      {(data) => (
        <>
          <Figure>{formatMoney(data.revenue.month)}</Figure>
          <Sub>This month · {formatMoney(data.revenue.allTime)} in all</Sub>
        </>
      )}
    </FinanceCard>
  );
}

export function SalesSummaryWidget() {
  return (
    <FinanceCard title="Sales Summary">
      {(data) => (
        <Figures role="group" aria-label="Sales">
          <dt>Today</dt>
          <dd>{formatMoney(data.sales.today)}</dd>
          <dt>This week</dt>
          <dd>{formatMoney(data.sales.week)}</dd>
          <dt>This month</dt>
          <dd>{formatMoney(data.sales.month)}</dd>
        </Figures>
      )}
    </FinanceCard>
  );
}

export function PurchasesWidget() {
  return (
    <FinanceCard title="Purchases">
      {(data) => (
        <>
          <Figure>{formatMoney(data.purchases.month)}</Figure>
          <Sub>{plural(data.purchases.count, 'item', 'items')} bought this month</Sub>
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
          <Figure>
            <SignedMoney value={data.profitLoss.month} />
          </Figure>
          <Sub>This month: sales less the cost of stock sold and expenses</Sub>
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
          <Figures role="group" aria-label="Sales by method">
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
          </Figures>
          <Sub>This month</Sub>
        </>
      )}
    </FinanceCard>
  );
}

const percent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;

export function RecentWatchSalesWidget() {
  return (
    <FinanceCard title="Recent Watch Sales">
      {(data) =>
        data.recentWatchSales.length === 0 ? (
          <Sub>No watches sold yet.</Sub>
        ) : (
          <TableScroll>
            <CompactTable>
              <caption>
                <VisuallyHidden>Recent Watch Sales</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Watch</th>
                  <th scope="col">Sale Price</th>
                  <th scope="col">Profit</th>
                </tr>
              </thead>
              <tbody>
                {data.recentWatchSales.map((sale) => (
                  <tr key={sale.saleId}>
                    <td>
                      {sale.watch} <Small>{formatDay(sale.saleDate)}</Small>
                    </td>
                    <Num>{formatMoney(sale.salePrice)}</Num>
                    <Num>
                      <SignedMoney value={sale.profit} />
                      {sale.profitPercent === null ? null : <Small> {percent(sale.profitPercent)}</Small>}
                    </Num>
                  </tr>
                ))}
              </tbody>
            </CompactTable>
          </TableScroll>
        )
      }
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

function PinItem({ pin, onRemoved }: { pin: DashboardPin; onRemoved(): void }) {
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = pinTitle(pin);

  const unpin = async () => {
    setRemoving(true);
    setError(null);
    try {
      await deletePin(pin.id);
      onRemoved();
    } catch (failure) {
      setError(errorDetail(failure) ?? 'The report could not be unpinned.');
      setRemoving(false);
    }
  };

  return (
    <li>
      <PinHead>
        <h3>
          <Link to={reportLink(pin)}>{title}</Link>
        </h3>
        <Button variant="ghost" onClick={unpin} disabled={removing} aria-label={`Unpin ${title}`}>
          Unpin
        </Button>
      </PinHead>
      <Sub>{spanLabel(pin.periodFrom, pin.periodTo)}</Sub>
      <Figures role="group" aria-label={`${title} totals`}>
        <dt>Sales</dt>
        <dd>{formatMoney(pin.totals.sales)}</dd>
        <dt>Expenses</dt>
        <dd>{formatMoney(pin.totals.expenses)}</dd>
        <dt>Profit</dt>
        <dd>
          <SignedMoney value={pin.totals.profit} />
        </dd>
      </Figures>
      {error ? <Alert>{error}</Alert> : null}
    </li>
  );
}

/** The reports this user pinned with Add to Dash, each with its totals as of now. */
export function PinnedReportsWidget() {
  const pins = usePins();
  return (
    <WidgetCard title="Pinned Reports" query={pins}>
      {(list) =>
        list.results.length === 0 ? (
          <Sub>
            No pinned reports yet. Choose a report in <Link to="/reports">Reports</Link> and press Add to
            Dash.
          </Sub>
        ) : (
          <PinList aria-label="Pinned reports">
            {list.results.map((pin) => (
              <PinItem key={pin.id} pin={pin} onRemoved={pins.reload} />
            ))}
          </PinList>
        )
      }
    </WidgetCard>
  );
}
