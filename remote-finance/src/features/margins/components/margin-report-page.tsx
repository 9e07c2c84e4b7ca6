import {
  COSTS_NOT_ALLOWED,
  FILTER_RANGE_REVERSED,
  isRangeReversed,
  type MarginLine,
  type MarginQuery,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  fieldErrors,
  formatCount,
  formatMoney,
  HttpError,
  isDay,
  LoadStateView,
  PageHeader,
  today,
  useAuth,
  usePageTitle,
  type DataColumn,
  DownloadLink,
} from '@loupe/platform';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { DayRangeFields } from '../../../components/day-range-fields';
import { SignedMoney } from '../../../components/signed-money';
import { marginsCsvUrl, useMargins } from '../api/get-margins';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: end;
  column-gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;
const Intro = styled.p`
  margin-top: 0;
`;

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

const COLUMNS: readonly DataColumn<MarginLine>[] = [
  { key: 'brand', header: 'Brand', rowHeader: true, cell: (line) => line.label },
  { key: 'sales', header: 'Sales', numeric: true, cell: (line) => formatCount(line.sales) },
  { key: 'salesGbp', header: 'Sales £', numeric: true, cell: (line) => formatMoney(line.salesGbp) },
  { key: 'cost', header: 'Cost of goods sold £', numeric: true, cell: (line) => formatMoney(line.costGbp) },
  {
    key: 'margin',
    header: 'Margin £',
    numeric: true,
    cell: (line) => <SignedMoney value={line.marginGbp} />,
  },
  { key: 'percent', header: 'Margin %', numeric: true, cell: (line) => percent(line.marginPercent) },
  // Issue 23 item 5: the workshop's repairs of the items sold, and the shop's own margin after them. Margin £
  // stays on the purchase price, the margin scheme's (HMRC VAT Notice 718: restoration is not part of it).
  {
    key: 'repairs',
    header: 'Repairs £',
    numeric: true,
    cell: (line) => formatMoney(line.repairGbp ?? 0),
  },
  {
    key: 'shopMargin',
    header: 'Margin after repairs £',
    numeric: true,
    cell: (line) => <SignedMoney value={line.shopMarginGbp ?? line.marginGbp} />,
  },
];

/** The first day of this month on the shop's calendar: the range the screen opens on. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * /reports/margins (issue 14): item sales, cost of goods sold and margin by brand over a range of days kept in
 * the address (From and To, this month by default), with a totals row and the same range as CSV.
 */
export function MarginReportPage() {
  usePageTitle('Margin by Brand');
  const { can, loading } = useAuth();
  if (can('viewCosts')) return <MarginReport />;
  // Margins are profit: silver reads why not, unless the shop lets silver see costs and profit (issue 21).
  return (
    <>
      <PageHeader title="Margin by Brand" />
      {loading ? null : <Alert>{COSTS_NOT_ALLOWED}</Alert>}
    </>
  );
}

function MarginReport() {
  const [params, setParams] = useSearchParams();
  const now = today();
  const range = { from: params.get('from') ?? monthStart(now), to: params.get('to') ?? now };
  // Asked for once both are days and in order; the pickers bound each other, the server checks the rest.
  const query: MarginQuery | null =
    isDay(range.from) && isDay(range.to) && !isRangeReversed(range.from, range.to) ? range : null;
  const report = useMargins(query);
  const badRange = report.error instanceof HttpError && report.error.status === 400;
  const errors: Record<string, string> = badRange ? fieldErrors(report.error) : {};
  if (isDay(range.from) && isDay(range.to) && isRangeReversed(range.from, range.to)) {
    errors.to = FILTER_RANGE_REVERSED;
  }

  const change = (next: Partial<typeof range>) => {
    const merged = { ...range, ...next };
    setParams({ from: merged.from, to: merged.to }, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Margin by Brand"
        actions={
          query && !badRange ? (
            <DownloadLink href={marginsCsvUrl(query)} download="">
              Download CSV
            </DownloadLink>
          ) : (
            <Button type="button" disabled>
              Download CSV
            </Button>
          )
        }
      />
      <Card>
        <Intro>
          Item sales by brand over the days chosen: what they sold for, what the items cost, and the margin. A
          void counts against the day it was voided. <Link to="/reports">Back to Reports</Link>
        </Intro>
        <Filters aria-label="Choose the days" onSubmit={(event) => event.preventDefault()}>
          <DayRangeFields value={range} errors={errors} onChange={change} />
        </Filters>
        {query && !badRange ? (
          <LoadStateView
            state={report}
            onRetry={() => void report.refetch()}
            loadingLabel="Loading the margin report..."
            errorText="Failed to load the margin report."
          >
            {(data) =>
              data.rows.length === 0 ? (
                <p>No item sales in these days.</p>
              ) : (
                <DataTable
                  caption="Margin by brand"
                  // Eight columns since the workshop's repairs joined: headers on two lines fit a laptop.
                  compact
                  columns={COLUMNS}
                  rows={data.rows}
                  rowKey={(line) => line.brand}
                  footRow={{ ...data.totals, label: 'Total' }}
                />
              )
            }
          </LoadStateView>
        ) : null}
      </Card>
    </>
  );
}
