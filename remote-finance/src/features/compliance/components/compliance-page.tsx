import {
  AML_KIND_LABELS,
  CDD_MISSING_LABELS,
  COMPLIANCE_NOT_ALLOWED,
  mayReviewRetention,
  type AmlEvent,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  DayField,
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
  DownloadLink,
  FilterActions,
  FilterForm,
} from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AML_FILTERS, amlCsvUrl, amlQueryOptions, type AmlFilter } from '../api/get-aml-events';
import type { ReactNode } from 'react';

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;
const Refused = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;
const Intro = styled.p`
  margin-top: 0;
`;

const KINDS: Record<string, string> = AML_KIND_LABELS;
const MISSING: Record<string, string> = CDD_MISSING_LABELS;

const COLUMNS: readonly DataColumn<AmlEvent>[] = [
  { key: 'date', header: 'Date', noWrap: true, cell: (e) => formatDay(e.date) },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (e) => (e.outcome === 'refused' ? <Refused>Refused</Refused> : 'Flagged (accepted)'),
  },
  {
    key: 'client',
    header: 'Client',
    rowHeader: true,
    // Narrow enough minimums that the report fits a laptop's 1280 × 800 beside the menu (issue 21).
    wrap: { minCh: 8, maxCh: 28 },
    cell: (e) => e.clientName || (e.clientId === null ? 'Walk-in' : '—'),
  },
  {
    key: 'what',
    header: 'What',
    wrap: { minCh: 9, maxCh: 32 },
    cell: (e) => (
      <>
        {KINDS[e.kind] ?? e.kind}
        {e.description && e.description !== KINDS[e.kind] ? <Muted>{e.description}</Muted> : null}
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    cell: (e) => formatMoney(e.amount, e.currency),
  },
  { key: 'eur', header: '€ amount', numeric: true, cell: (e) => formatMoney(e.amountEur, 'EUR') },
  {
    key: 'linked',
    header: 'Linked total €',
    numeric: true,
    cell: (e) => formatMoney(e.linkedTotalEur, 'EUR'),
  },
  {
    key: 'missing',
    header: 'Missing',
    cell: (e) => (e.missing.length === 0 ? '—' : e.missing.map((m) => MISSING[m] ?? m).join(', ')),
  },
  { key: 'by', header: 'By', cell: (e) => e.createdBy ?? '—' },
];

/**
 * /compliance (issue 13, platinum and gold): the AML cash guard's report — cash payments of €10,000 or more
 * that were accepted with complete due diligence (flagged) and the attempts it refused — with the filters in
 * the URL and the same filters in its CSV. Silver reads why it is not theirs.
 */
/**
 * What the AML programme's other features put on the page (issue 25): the risk assessment's review notice and the
 * programme card (suspicious activity reports, the annual summary). Combined at route level (routes.tsx), since
 * a feature never imports another.
 */
export interface ComplianceSections {
  riskNotice?: ReactNode;
  programme?: ReactNode;
}

export function CompliancePage({ riskNotice, programme }: ComplianceSections = {}) {
  usePageTitle('Compliance');
  const { can, loading } = useAuth();
  const allowed = can('viewCompliance');
  if (allowed) return <ComplianceReport riskNotice={riskNotice} programme={programme} />;
  // While the session is read, the title alone; then silver reads why the report is not theirs.
  return (
    <>
      <PageHeader title="Compliance" />
      {loading ? null : <Alert>{COMPLIANCE_NOT_ALLOWED}</Alert>}
    </>
  );
}

function ComplianceReport({ riskNotice, programme }: ComplianceSections) {
  const list = useListController({ filters: AML_FILTERS, query: amlQueryOptions });
  const set = (name: AmlFilter) => (value: string) => list.setFilters({ [name]: value });
  const { role, nominatedOfficer } = useAuth();

  return (
    <>
      <PageHeader
        title="Compliance"
        actions={
          list.filtersRefused ? (
            <Button type="button" disabled>
              Download CSV
            </Button>
          ) : (
            <DownloadLink href={amlCsvUrl(list.filters)} download="">
              Download CSV
            </DownloadLink>
          )
        }
      />
      <Card>
        <Intro>
          Cash of €10,000 or more, in one payment or in linked cash payments from one client within 90 days:
          accepted payments with complete due diligence are flagged here, and every refused attempt is listed.
        </Intro>
        {/* Issue 25 item 3: the clients past their five years of retention (the owner's or the officer's). */}
        {mayReviewRetention(role, nominatedOfficer) ? (
          <Intro>
            <Link to="/compliance/retention">Retention review</Link>: clients whose records have been kept
            five years since their last transaction.
          </Intro>
        ) : null}
        {riskNotice}
        {/* Issue 25 item 2: the sanctions review, for the nominated officer alone (no tipping off). */}
        {nominatedOfficer ? (
          <Intro>
            <Link to="/compliance/sanctions">Sanctions screening</Link>: clients whose names possibly match
            the UK sanctions list, on hold until you clear or confirm them.
          </Intro>
        ) : null}
        {programme}
        <FilterForm aria-label="Filter the compliance report" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Outcome"
            value={list.filters.outcome}
            onChange={(event) => set('outcome')(event.target.value)}
          >
            <option value="">Flagged and refused</option>
            <option value="flagged">Flagged (accepted)</option>
            <option value="refused">Refused</option>
          </SelectField>
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
        </FilterForm>
        <FilterActions>
          {list.filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </FilterActions>
        {list.error && !list.filtersRefused ? (
          <RetryAlert error={list.error} what="Failed to load the compliance report." onRetry={list.retry} />
        ) : null}
        <ListResults
          list={list}
          loadingLabel="Loading the compliance report..."
          emptyText={
            list.filtered ? 'Nothing matches these filters.' : 'No flagged or refused cash payments yet.'
          }
          paginationLabel="Compliance report pages"
        >
          {(rows) => (
            <DataTable
              caption="AML cash payments"
              columns={COLUMNS}
              rows={rows}
              rowKey={(event) => event.id}
            />
          )}
        </ListResults>
      </Card>
    </>
  );
}
