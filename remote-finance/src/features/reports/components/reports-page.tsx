import { REPORT_RANGE_KEYS, REPORT_TYPE_KEYS, reportNeedsCosts } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  ChoiceField,
  DataTable,
  FieldGrid,
  PageHeader,
  Spinner,
  Stack,
  errorDetail,
  fieldErrors,
  formatMoney,
  useAuth,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DayRangeFields } from '../../../components/day-range-fields';
import { SignedMoney } from '../../../components/signed-money';
import { useCreatePin } from '../api/create-pin';
import { downloadReportCsv } from '../api/download-report-csv';
import { useReport, type Report } from '../api/get-report';
import {
  REPORT_RANGE_LABELS,
  REPORT_TYPE_LABELS,
  periodLabel,
  reportRangeLabel,
  reportTypeLabel,
  shortPeriodLabel,
  spanLabel,
} from '../../../lib/report-labels';
import { selectionErrors, toQuery, useReportSelection } from '../lib/selection';
import { ReportChart } from './report-chart';
import { ReportDetails } from './report-details';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** A summary row, or the totals under them (no date). */
type SummaryRow = Omit<Report['rows'][number], 'date'> & { date: string | null };

function summaryColumns(range: Report['range'], costs: boolean): DataColumn<SummaryRow>[] {
  const columns: DataColumn<SummaryRow>[] = [
    {
      key: 'date',
      header: 'Date',
      rowHeader: true,
      cell: (row) => (row.date ? <time dateTime={row.date}>{periodLabel(row.date, range)}</time> : 'Total'),
    },
    { key: 'sales', header: 'Sales', numeric: true, cell: (row) => formatMoney(row.sales) },
    { key: 'expenses', header: 'Expenses', numeric: true, cell: (row) => formatMoney(row.expenses) },
    {
      key: 'profit',
      header: 'Profit',
      numeric: true,
      cell: (row) => (row.profit === undefined ? null : <SignedMoney value={row.profit} />),
    },
  ];
  // The Profit column only for those who may see costs (issue 21); the API leaves it out for the others.
  return costs ? columns : columns.filter((column) => column.key !== 'profit');
}

function SummaryTable({ report }: { report: Report }) {
  const costs = useAuth().can('viewCosts');
  return (
    <DataTable
      caption="Report summary"
      columns={summaryColumns(report.range, costs && report.totals.profit !== undefined)}
      rows={report.rows}
      rowKey={(row) => row.date ?? 'total'}
      footRow={{ ...report.totals, date: null }}
    />
  );
}

function ReportView({ report }: { report: Report }) {
  const title = `${reportTypeLabel(report.type)}, ${reportRangeLabel(report.range)}`;
  return (
    <section aria-labelledby="report-title">
      <h2 id="report-title">
        {title} <Muted as="span">({spanLabel(report.from, report.to)}, GBP)</Muted>
      </h2>
      <ReportChart
        title={title}
        rows={report.rows.map((row) => ({
          label: shortPeriodLabel(row.date, report.range),
          sales: row.sales,
          expenses: row.expenses,
          ...(row.profit === undefined ? {} : { profit: row.profit }),
        }))}
      />
      <SummaryTable report={report} />
      <ReportDetails details={report.details} />
    </section>
  );
}

/** A failed call in one line: the server's detail, its field messages, or `fallback`. */
function failure(error: unknown, fallback: string): string {
  const detail = errorDetail(error);
  if (detail) return detail;
  const fields = Object.values(fieldErrors(error));
  return fields.length > 0 ? fields.join(' ') : fallback;
}

/**
 * /reports (SPEC §2 Reports): type and range (Custom Range adds From and To), the summary rows and a chart of
 * them from the shop's records, and Add to Dash, Generate Report and Download CSV for the chosen report.
 */
export function ReportsPage() {
  usePageTitle('Reports');
  const { can, loading } = useAuth();
  const marginsAllowed = can('viewCosts');
  // Purchases, Stock Summary and Profit & Loss are costs through and through: offered only to those who may see
  // costs (contracts' COST_REPORT_TYPES; the API refuses them to the others); all while the session loads.
  const reportTypes =
    marginsAllowed || loading ? REPORT_TYPE_KEYS : REPORT_TYPE_KEYS.filter((t) => !reportNeedsCosts(t));
  const [selection, change] = useReportSelection();
  const [showErrors, setShowErrors] = useState(false);
  const pin = useCreatePin();
  const query = toQuery(selection);
  const report = useReport(query);
  const custom = selection.range === 'custom';
  const errors = selectionErrors(selection);
  const visibleErrors = showErrors || (selection.from && selection.to) ? errors : {};

  /** The chosen report, or null after showing why it cannot be asked for yet. */
  const ready = () => {
    setShowErrors(true);
    return query;
  };

  const addToDash = () => {
    const chosen = ready();
    if (!chosen || pin.isPending) return;
    pin.mutate(chosen, { onSuccess: () => window.alert('Added to dashboard!') });
  };

  const generate = () => {
    if (!ready()) return;
    window.alert('Generating report...');
    void report.refetch();
  };

  const download = () => {
    const chosen = ready();
    if (!chosen) return;
    window.alert('Downloading CSV...');
    downloadReportCsv(chosen);
  };

  return (
    <>
      <PageHeader
        title="Reports"
        actions={
          marginsAllowed ? (
            <>
              <Link to="/reports/margins">Margin by Brand</Link>{' '}
              <Link to="/reports/stock-book">Stock Book</Link>
            </>
          ) : undefined
        }
      />
      <Card>
        <FieldGrid $min={180}>
          <ChoiceField
            label="Report Type"
            name="type"
            value={selection.type}
            options={reportTypes}
            labels={REPORT_TYPE_LABELS}
            onChange={(type) => change({ type })}
          />
          <ChoiceField
            label="Range"
            name="range"
            value={selection.range}
            options={REPORT_RANGE_KEYS}
            labels={REPORT_RANGE_LABELS}
            onChange={(range) => change({ range })}
          />
          {custom ? <DayRangeFields value={selection} errors={visibleErrors} onChange={change} /> : null}
        </FieldGrid>
        <Stack $row>
          <Button
            variant="secondary"
            onClick={addToDash}
            disabled={pin.isPending}
            aria-busy={pin.isPending || undefined}
          >
            Add to Dash
          </Button>
          <Button onClick={generate}>Generate Report</Button>
          <Button variant="secondary" onClick={download}>
            Download CSV
          </Button>
        </Stack>
      </Card>
      {pin.isError ? (
        <Alert>{failure(pin.error, 'The report could not be added to the dashboard.')}</Alert>
      ) : null}
      <Card>
        {!query ? (
          <Muted>Choose From and To to see a custom range.</Muted>
        ) : report.isPending ? (
          <Spinner label="Loading report..." />
        ) : report.isError ? (
          <Alert>
            {failure(report.error, 'Failed to load the report.')}{' '}
            <Button variant="secondary" onClick={() => void report.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <ReportView report={report.data} />
        )}
      </Card>
    </>
  );
}
