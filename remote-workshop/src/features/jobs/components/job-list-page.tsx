import { WORKSHOP_STAGE_LABELS, WORKSHOP_STAGES } from '@loupe/contracts';
import {
  Button,
  Card,
  ClientFilterPicker,
  DataTable,
  FilterActions,
  FilterForm,
  formatDay,
  ListResults,
  ListSearch,
  PageHeader,
  RetryAlert,
  SelectField,
  useListController,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { JOB_FILTERS, jobsQueryOptions, type JobFilter, type JobRow } from '../api/jobs';
import { daysInStageText, locationText, ownerOf, pieceOf } from '../lib/jobs';
import { Badge } from './job-card';

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin-left: ${({ theme }) => theme.space(1)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const COLUMNS: readonly DataColumn<JobRow>[] = [
  {
    key: 'reference',
    header: 'Job',
    rowHeader: true,
    noWrap: true,
    cell: (job) => (
      <>
        <Link to={`/workshop/jobs/${job.id}`}>{job.reference}</Link>
        {job.rush || job.overdue ? (
          <Badges>
            {job.rush ? <Badge $tone="warning">Rush</Badge> : null}
            {job.overdue ? <Badge $tone="danger">Overdue</Badge> : null}
          </Badges>
        ) : null}
      </>
    ),
  },
  {
    key: 'client',
    header: 'Client',
    wrap: { minCh: 12, maxCh: 24 },
    cell: (job) => ownerOf(job),
  },
  {
    key: 'piece',
    header: 'Piece',
    wrap: { minCh: 12, maxCh: 28 },
    cell: (job) => (
      <>
        {pieceOf(job)}
        {job.serial ? <Sub>{job.serial}</Sub> : null}
      </>
    ),
  },
  {
    key: 'stage',
    header: 'Stage',
    wrap: { minCh: 12, maxCh: 26 },
    cell: (job) => (
      <>
        {WORKSHOP_STAGE_LABELS[job.stage]}
        <Sub>{locationText(job) ?? daysInStageText(job.daysInStage)}</Sub>
      </>
    ),
  },
  {
    key: 'promised',
    header: 'Promised',
    noWrap: true,
    cell: (job) =>
      job.promisedDate ? <time dateTime={job.promisedDate}>{formatDay(job.promisedDate)}</time> : '—',
  },
];

/**
 * /workshop/list (issue 23 item 2): every job, open ones first by promised date (rush first), paged, filtered by
 * stage, rush, overdue, a search and the supplier a piece is sent out to, the filters kept in the address so a
 * filtered view can be bookmarked or shared.
 */
export function JobListPage() {
  usePageTitle('Workshop jobs');
  const list = useListController({ filters: JOB_FILTERS, query: jobsQueryOptions });
  const set = (name: JobFilter) => (value: string) => list.setFilters({ [name]: value });

  return (
    <>
      <PageHeader
        title="Workshop jobs"
        actions={
          <Actions>
            <Link to="/workshop">Board</Link>
            <Link to="/workshop/new">New job</Link>
            <Link to="/workshop/uncollected">Uncollected pieces</Link>
          </Actions>
        }
      />
      <Card>
        <ListSearch
          name="Jobs"
          label="Search jobs"
          placeholder="Job number, client, brand, serial"
          maxLength={100}
          value={list.filters.q}
          onSearch={set('q')}
        />
        <FilterForm aria-label="Filter jobs" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Stage"
            value={list.filters.stage}
            error={list.filterErrors.stage}
            onChange={(event) => set('stage')(event.target.value)}
          >
            <option value="">Any stage</option>
            {WORKSHOP_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {WORKSHOP_STAGE_LABELS[stage]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Rush"
            value={list.filters.rush}
            error={list.filterErrors.rush}
            onChange={(event) => set('rush')(event.target.value)}
          >
            <option value="">Rush or not</option>
            <option value="true">Rush only</option>
            <option value="false">Not rush</option>
          </SelectField>
          <SelectField
            label="Overdue"
            value={list.filters.overdue}
            error={list.filterErrors.overdue}
            onChange={(event) => set('overdue')(event.target.value)}
          >
            <option value="">Overdue or not</option>
            <option value="true">Overdue only</option>
            <option value="false">Not overdue</option>
          </SelectField>
          <ClientFilterPicker
            label="Supplier"
            hint="Any supplier"
            value={list.filters.supplier}
            error={list.filterErrors.supplier}
            onChange={set('supplier')}
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
          <RetryAlert error={list.error} what="Failed to load jobs." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading jobs..."
          emptyText={
            list.filtered ? 'No jobs match these filters.' : 'No jobs yet: New job takes in the first piece.'
          }
          paginationLabel="Jobs pages"
        >
          {(rows) => (
            <DataTable
              caption="Workshop jobs"
              compact
              columns={COLUMNS}
              rows={rows}
              rowKey={(job) => job.id}
            />
          )}
        </ListResults>
      </Card>
    </>
  );
}
