import { WORKSHOP_STAGE_LABELS, WORKSHOP_STAGES } from '@loupe/contracts';
import {
  Button,
  Card,
  ClientPicker,
  DataTable,
  fieldErrors,
  FilterActions,
  FilterForm,
  formatDay,
  HttpError,
  ListResults,
  PageHeader,
  RetryAlert,
  SelectField,
  TextField,
  useClientName,
  useListController,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { JOB_FILTERS, jobsQueryOptions, type JobFilter, type JobRow } from '../api/jobs';
import { daysInStageText, locationText, ownerOf, pieceOf } from '../lib/jobs';
import { Badge } from './job-card';

const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  input {
    min-width: 0;
    width: 260px;
    max-width: 100%;
  }
`;

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

/** The search box: what is typed goes to the URL (and the service) when submitted, not on every key. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch(text: string): void }) {
  const [text, setText] = useState(initial);
  // The URL can change under the box (Clear Filters, Back): show what the list is searched by then.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <SearchRow role="search" aria-label="Jobs" onSubmit={submit}>
      <TextField
        label="Search jobs"
        type="search"
        placeholder="Job number, client, brand, serial"
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </SearchRow>
  );
}

/**
 * /workshop/list (issue 23 item 2): every job, open ones first by promised date (rush first), paged, filtered by
 * stage, rush, overdue, a search and the supplier a piece is sent out to, the filters kept in the address so a
 * filtered view can be bookmarked or shared.
 */
export function JobListPage() {
  usePageTitle('Workshop jobs');
  const list = useListController({ filters: JOB_FILTERS, query: jobsQueryOptions });
  const supplierId = /^\d+$/.test(list.filters.supplier) ? Number(list.filters.supplier) : null;
  const supplierName = useClientName(supplierId);
  const supplier = useMemo(
    () =>
      supplierId === null ? null : { id: supplierId, name: supplierName.data ?? `Client #${supplierId}` },
    [supplierId, supplierName.data],
  );
  // The picker keeps its own text: when the supplier filter goes from outside (Clear Filters, Back) it is
  // remounted empty, but not when the user typed over the chosen name (that text is theirs).
  const [pickerRound, setPickerRound] = useState(0);
  const typedOver = useRef(false);
  const previous = useRef(supplierId);
  useEffect(() => {
    if (previous.current !== null && supplierId === null && !typedOver.current) setPickerRound((n) => n + 1);
    previous.current = supplierId;
    typedOver.current = false;
  }, [supplierId]);

  // A 400 names the filter at fault: shown at that field, not as a failed load.
  const badFilters = list.error instanceof HttpError && list.error.status === 400;
  const errors: Partial<Record<string, string>> = badFilters ? fieldErrors(list.error) : {};
  const filtered = JOB_FILTERS.some((name) => list.filters[name]);
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
        <SearchForm initial={list.filters.q} onSearch={set('q')} />
        <FilterForm aria-label="Filter jobs" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Stage"
            value={list.filters.stage}
            error={errors.stage}
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
            error={errors.rush}
            onChange={(event) => set('rush')(event.target.value)}
          >
            <option value="">Rush or not</option>
            <option value="true">Rush only</option>
            <option value="false">Not rush</option>
          </SelectField>
          <SelectField
            label="Overdue"
            value={list.filters.overdue}
            error={errors.overdue}
            onChange={(event) => set('overdue')(event.target.value)}
          >
            <option value="">Overdue or not</option>
            <option value="true">Overdue only</option>
            <option value="false">Not overdue</option>
          </SelectField>
          <ClientPicker
            key={pickerRound}
            label="Supplier"
            hint="Any supplier"
            value={supplier}
            error={errors.supplier}
            onChange={(chosen) => {
              if (chosen) set('supplier')(String(chosen.id));
              else if (list.filters.supplier) {
                typedOver.current = true;
                set('supplier')('');
              }
            }}
          />
        </FilterForm>
        <FilterActions>
          {filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </FilterActions>

        {list.error && !badFilters ? (
          <RetryAlert error={list.error} what="Failed to load jobs." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading jobs..."
          emptyText={
            filtered ? 'No jobs match these filters.' : 'No jobs yet: New job takes in the first piece.'
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
