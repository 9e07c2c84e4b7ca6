import { DEAL_CHANNEL_LABELS } from '@loupe/contracts';
import {
  Alert,
  Card,
  DataTable,
  FilterForm,
  formatDay,
  formatMoment,
  ListResults,
  PageHeader,
  RetryAlert,
  SelectField,
  useAuth,
  useListController,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { REPORT_FILTERS, saleReportsQueryOptions, type SaleReport } from '../api/sale-reports';
import { MarkDoneButton } from './mark-done';
import { reportMark, reportPiece } from './report-text';

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const Overdue = styled.strong`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

const CLOSED_BECAUSE = {
  voided: 'Closed: the deal was voided',
  cancelled: 'Closed: the reservation was cancelled',
};

function statusCell(report: SaleReport, timeZone: string | undefined, onDone: (text: string) => void) {
  if (report.status === 'open') return <MarkDoneButton report={report} onDone={onDone} />;
  if (report.status === 'done') {
    return (
      <>
        Done
        <Sub>
          {report.doneAt ? formatMoment(report.doneAt, timeZone) : ''}
          {report.doneBy ? ` by ${report.doneBy}` : ''}
        </Sub>
      </>
    );
  }
  if (report.status === 'closed') return report.closedReason ? CLOSED_BECAUSE[report.closedReason] : 'Closed';
  return 'Due once the sale completes';
}

function columns(timeZone: string | undefined, onDone: (text: string) => void): DataColumn<SaleReport>[] {
  return [
    {
      key: 'due',
      header: 'Report by',
      noWrap: true,
      cell: (r) => (
        <>
          {r.dueOn ? <time dateTime={r.dueOn}>{formatDay(r.dueOn)}</time> : '—'}
          {r.overdue ? <Overdue>Overdue</Overdue> : null}
        </>
      ),
    },
    {
      key: 'piece',
      header: 'Watch',
      rowHeader: true,
      wrap: { minCh: 14, maxCh: 32 },
      cell: (r) => (
        <>
          <Link to={`/inventory/item/${r.itemId}`}>{reportPiece(r)}</Link>
          {reportMark(r) ? <Sub>{reportMark(r)}</Sub> : null}
        </>
      ),
    },
    {
      key: 'deal',
      header: 'Sale',
      noWrap: true,
      cell: (r) => (
        <>
          <Link to={`/deals/${r.dealId}`}>{r.dealReference}</Link>
          <Sub>
            {DEAL_CHANNEL_LABELS[r.dealChannel]}
            {r.saleDate ? `, ${formatDay(r.saleDate)}` : ''}
          </Sub>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      wrap: { minCh: 12, maxCh: 30 },
      cell: (r) => statusCell(r, timeZone, onDone),
    },
  ];
}

/**
 * /online/reports (issue 24 item 4): the sales to report to Chrono24 under its 7-day rule — a watch that was in
 * the Chrono24 feed and sold through another channel — open ones soonest due first, with Mark done; done and
 * closed ones by the filter in the address. Every member's: whoever made the sale may report it.
 */
export function ReportsPage() {
  usePageTitle('Chrono24 sale reports');
  const { shop } = useAuth();
  const list = useListController({ filters: REPORT_FILTERS, query: saleReportsQueryOptions });
  const [done, setDone] = useState<string | null>(null);
  const status = list.filters.status;

  return (
    <>
      <PageHeader title="Chrono24 sale reports" />
      <Card>
        <p>
          Chrono24 asks to be told within 7 days when a watch listed there is sold another way (in the shop,
          by phone, through the website); otherwise it charges its commission on the sale.
        </p>
        <FilterForm aria-label="Filter the reports" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Show"
            value={status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
          >
            <option value="">Open reports</option>
            <option value="done">Done</option>
            <option value="all">All reports</option>
          </SelectField>
        </FilterForm>
        {done ? <Alert tone="success">{done}</Alert> : null}
        {list.error ? (
          <RetryAlert error={list.error} what="Failed to load the sale reports." onRetry={list.retry} />
        ) : null}
        <ListResults
          list={list}
          loadingLabel="Loading the sale reports..."
          emptyText={
            status === ''
              ? 'Nothing to report to Chrono24.'
              : status === 'done'
                ? 'No report marked done yet.'
                : 'No sale to report yet.'
          }
          paginationLabel="Sale report pages"
        >
          {(rows) => (
            <DataTable
              caption="Chrono24 sale reports"
              columns={columns(shop?.time_zone, setDone)}
              rows={rows}
              rowKey={(r) => r.id}
            />
          )}
        </ListResults>
      </Card>
    </>
  );
}
