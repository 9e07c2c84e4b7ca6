import {
  REPORT_RANGES,
  REPORT_TYPES,
  type Report,
  type ReportRange,
  type ReportType,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  PageHeader,
  SelectField,
  Spinner,
  Table,
  TableScroll,
  TextField,
  errorDetail,
  fieldErrors,
  formatMoney,
} from '@loupe/platform';
import { useState } from 'react';
import styled from 'styled-components';
import { SignedMoney } from '../../../components/signed-money';
import { createPin } from '../api/create-pin';
import { downloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import {
  periodLabel,
  reportRangeLabel,
  reportTypeLabel,
  shortPeriodLabel,
  spanLabel,
} from '../../../lib/report-labels';
import { selectionErrors, toQuery, useReportSelection } from '../lib/selection';
import { ReportChart } from './report-chart';
import { ReportDetails } from './report-details';

const Controls = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  column-gap: ${({ theme }) => theme.space(4)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const Num = styled.td`
  text-align: right !important;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const NumHead = styled.th`
  text-align: right !important;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const Total = styled.tr`
  th,
  td {
    font-weight: 700;
    border-top: 2px solid ${({ theme }) => theme.colors.border};
  }
`;

function SummaryTable({ report }: { report: Report }) {
  return (
    <TableScroll>
      <Table aria-label="Report summary">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <NumHead scope="col">Sales</NumHead>
            <NumHead scope="col">Expenses</NumHead>
            <NumHead scope="col">Profit</NumHead>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.date}>
              <th scope="row">
                <time dateTime={row.date}>{periodLabel(row.date, report.range)}</time>
              </th>
              <Num>{formatMoney(row.sales)}</Num>
              <Num>{formatMoney(row.expenses)}</Num>
              <Num>
                <SignedMoney value={row.profit} />
              </Num>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <Total>
            <th scope="row">Total</th>
            <Num>{formatMoney(report.totals.sales)}</Num>
            <Num>{formatMoney(report.totals.expenses)}</Num>
            <Num>
              <SignedMoney value={report.totals.profit} />
            </Num>
          </Total>
        </tfoot>
      </Table>
    </TableScroll>
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
          profit: row.profit,
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
  const [selection, change] = useReportSelection();
  const [showErrors, setShowErrors] = useState(false);
  const [pinning, setPinning] = useState(false);
  const [pinError, setPinError] = useState<string | null>(null);
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

  const addToDash = async () => {
    const chosen = ready();
    if (!chosen || pinning) return;
    setPinError(null);
    setPinning(true);
    try {
      await createPin(chosen);
      window.alert('Added to dashboard!');
    } catch (error) {
      setPinError(failure(error, 'The report could not be added to the dashboard.'));
    } finally {
      setPinning(false);
    }
  };

  const generate = () => {
    if (!ready()) return;
    window.alert('Generating report...');
    report.reload();
  };

  const download = () => {
    const chosen = ready();
    if (!chosen) return;
    window.alert('Downloading CSV...');
    downloadReportCsv(chosen);
  };

  return (
    <>
      <PageHeader title="Reports" />
      <Card>
        <Controls>
          <SelectField
            label="Report Type"
            name="type"
            value={selection.type}
            onChange={(event) => change({ type: event.target.value as ReportType })}
          >
            {REPORT_TYPES.map((type) => (
              <option key={type.key} value={type.key}>
                {type.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Range"
            name="range"
            value={selection.range}
            onChange={(event) => change({ range: event.target.value as ReportRange })}
          >
            {REPORT_RANGES.map((range) => (
              <option key={range.key} value={range.key}>
                {range.label}
              </option>
            ))}
          </SelectField>
          {custom ? (
            <>
              <TextField
                label="From"
                name="from"
                type="date"
                value={selection.from}
                max={selection.to || undefined}
                error={visibleErrors.from}
                onChange={(event) => change({ from: event.target.value })}
              />
              <TextField
                label="To"
                name="to"
                type="date"
                value={selection.to}
                min={selection.from || undefined}
                error={visibleErrors.to}
                onChange={(event) => change({ to: event.target.value })}
              />
            </>
          ) : null}
        </Controls>
        <Actions>
          <Button variant="secondary" onClick={addToDash} disabled={pinning} aria-busy={pinning || undefined}>
            Add to Dash
          </Button>
          <Button onClick={generate}>Generate Report</Button>
          <Button variant="secondary" onClick={download}>
            Download CSV
          </Button>
        </Actions>
      </Card>
      {pinError ? <Alert>{pinError}</Alert> : null}
      <Card>
        {!query ? (
          <Muted>Choose From and To to see a custom range.</Muted>
        ) : report.status === 'loading' ? (
          <Spinner label="Loading report..." />
        ) : report.status === 'error' ? (
          <Alert>
            {failure(report.error, 'Failed to load the report.')}{' '}
            <Button variant="secondary" onClick={report.reload}>
              Retry
            </Button>
          </Alert>
        ) : report.data ? (
          <ReportView report={report.data} />
        ) : null}
      </Card>
    </>
  );
}
