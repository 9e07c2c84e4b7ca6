import type { AuditEvent } from '@loupe/contracts';
import {
  Button,
  Card,
  DataTable,
  DayField,
  formatMoment,
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
import { useMemo } from 'react';
import styled from 'styled-components';
import {
  ACTIVITY_FILTERS,
  activityCsvUrl,
  activityQueryOptions,
  useActivityFilters,
  type ActivityFilter,
} from '../api/get-activity';

const Changes = styled.ul`
  margin: ${({ theme }) => `${theme.space(1)} 0 0`};
  padding-left: ${({ theme }) => theme.space(4)};
  font-size: 0.9rem;
`;

const RecordName = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

/**
 * The labels the service gives with the filter choices (the contract's label maps live beside TypeBox schemas,
 * which the browser's entry of @loupe/contracts leaves out); the raw key until they arrive.
 */
type Labels = Record<string, string>;

const shown = (value: string | null) => (value === null || value === '' ? '—' : value);

function columns(entities: Labels, actions: Labels, timeZone: string | undefined): DataColumn<AuditEvent>[] {
  return [
    {
      key: 'at',
      header: 'When',
      noWrap: true,
      cell: (event) => <time dateTime={event.at}>{formatMoment(event.at, timeZone)}</time>,
    },
    { key: 'actor', header: 'Who', cell: (event) => event.actor ?? 'System' },
    {
      key: 'record',
      header: 'Record',
      wrap: { minCh: 12, maxCh: 28 },
      cell: (event) => (
        <>
          {entities[event.entity] ?? event.entity}
          {event.recordName ? <RecordName>{event.recordName}</RecordName> : null}
        </>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      cell: (event) => actions[event.action] ?? event.action,
    },
    {
      key: 'summary',
      header: 'What',
      wrap: { minCh: 20, maxCh: 48 },
      cell: (event) => (
        <>
          {event.summary}
          {event.changes.length > 0 ? (
            // The values are what people typed (names, notes, references): free text, broken where it must be.
            <Changes data-free-text="">
              {event.changes.map((change, index) => (
                <li key={`${change.field}-${index}`}>
                  {`${change.field}: ${shown(change.before)} → ${shown(change.after)}`}
                </li>
              ))}
            </Changes>
          ) : null}
        </>
      ),
    },
  ];
}

/**
 * /activity (issue 12, platinum only): the shop's whole audit trail, newest first, filtered by person, kind
 * of record, action and days, with the filters in the URL (a filtered view can be bookmarked or shared) and
 * the same filters in its CSV export.
 */
export function ActivityPage() {
  usePageTitle('Activity');
  const { shop } = useAuth();
  const list = useListController({ filters: ACTIVITY_FILTERS, query: activityQueryOptions });
  const choices = useActivityFilters();
  const entityLabels = useMemo(
    () => Object.fromEntries((choices.data?.entities ?? []).map((o) => [o.value, o.label])),
    [choices.data],
  );
  const actionLabels = useMemo(
    () => Object.fromEntries((choices.data?.actions ?? []).map((o) => [o.value, o.label])),
    [choices.data],
  );
  const tableColumns = useMemo(
    () => columns(entityLabels, actionLabels, shop?.time_zone),
    [entityLabels, actionLabels, shop?.time_zone],
  );

  const set = (name: ActivityFilter) => (value: string) => list.setFilters({ [name]: value });

  return (
    <>
      <PageHeader
        title="Activity"
        actions={
          // Filters the service refused would download its 400 instead of a CSV: the export waits for them.
          list.filtersRefused ? (
            <Button type="button" disabled>
              Export CSV
            </Button>
          ) : (
            <DownloadLink href={activityCsvUrl(list.filters)} download="">
              Export CSV
            </DownloadLink>
          )
        }
      />
      <Card>
        <FilterForm aria-label="Filter activity" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Person"
            value={list.filters.user}
            onChange={(event) => set('user')(event.target.value)}
          >
            <option value="">Anyone</option>
            {choices.data?.people.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Kind of record"
            value={list.filters.entity}
            onChange={(event) => set('entity')(event.target.value)}
          >
            <option value="">Any kind</option>
            {choices.data?.entities.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Action"
            value={list.filters.action}
            onChange={(event) => set('action')(event.target.value)}
          >
            <option value="">Any action</option>
            {choices.data?.actions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
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
        {choices.isError ? (
          <RetryAlert
            error={choices.error}
            what="Failed to load the filter choices."
            onRetry={() => void choices.refetch()}
          />
        ) : null}

        {list.error && !list.filtersRefused ? (
          <RetryAlert error={list.error} what="Failed to load activity." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading activity..."
          emptyText={list.filtered ? 'No activity matches these filters.' : 'No activity yet.'}
          paginationLabel="Activity pages"
        >
          {(rows) => (
            <DataTable caption="Activity" columns={tableColumns} rows={rows} rowKey={(event) => event.id} />
          )}
        </ListResults>
      </Card>
    </>
  );
}
