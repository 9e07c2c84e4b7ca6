import { ENQUIRY_STATUS_LABELS, type EnquiryFilter } from '@loupe/contracts';
import {
  Card,
  DataTable,
  FilterForm,
  formatCount,
  formatMoment,
  ListResults,
  PageHeader,
  RetryAlert,
  SelectField,
  useAuth,
  useListController,
  usePageTitle,
  useQuery,
  type DataColumn,
} from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  ENQUIRY_LIST_FILTERS,
  enquiriesQueryOptions,
  enquiryPageOptions,
  type EnquiryRow,
} from '../api/enquiries';
import { contactOf, itemTitleOf } from './enquiry-text';

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
`;

/** The filter's choices as the address spells them ('' is the service's default: new ones). */
const SHOW: { value: '' | Exclude<EnquiryFilter, 'new'>; label: string; empty: string }[] = [
  { value: '', label: 'New', empty: 'No new enquiries.' },
  { value: 'open', label: 'Open (new or answered)', empty: 'No open enquiries.' },
  { value: 'all', label: 'All', empty: 'No enquiries yet: they arrive from the storefront’s item pages.' },
];

function columns(timeZone: string | undefined): DataColumn<EnquiryRow>[] {
  return [
    {
      key: 'from',
      header: 'From',
      rowHeader: true,
      wrap: { minCh: 14, maxCh: 30 },
      cell: (e) => (
        <>
          <Link to={`/online/enquiries/${e.id}`}>{e.name}</Link>
          <Sub>{contactOf(e)}</Sub>
        </>
      ),
    },
    {
      key: 'item',
      header: 'About',
      wrap: { minCh: 14, maxCh: 32 },
      cell: (e) => (
        <>
          {itemTitleOf(e)}
          <Sub>{e.item.stockNumber ? `Stock no. ${e.item.stockNumber}` : e.item.serial}</Sub>
        </>
      ),
    },
    {
      key: 'received',
      header: 'Received',
      noWrap: true,
      cell: (e) => <time dateTime={e.createdAt}>{formatMoment(e.createdAt, timeZone)}</time>,
    },
    { key: 'status', header: 'Status', noWrap: true, cell: (e) => ENQUIRY_STATUS_LABELS[e.status] },
  ];
}

/**
 * /online/enquiries (issue 24 item 2): the questions people sent from the storefront's item pages, newest first,
 * new ones by default, open or all by the filter in the address, paged. Every member's: whoever is at the counter
 * answers.
 */
export function EnquiryListPage() {
  usePageTitle('Enquiries');
  const { shop } = useAuth();
  const list = useListController({ filters: ENQUIRY_LIST_FILTERS, query: enquiryPageOptions });
  // The counts come with the page; read from the cache the controller filled (no second request).
  const page = useQuery({ ...enquiriesQueryOptions(list.query), enabled: false });
  const counts = page.data?.counts;
  const shown = SHOW.find((choice) => choice.value === list.filters.status) ?? SHOW[0]!;

  return (
    <>
      <PageHeader title="Enquiries" />
      <Card>
        <FilterForm aria-label="Filter enquiries" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Show"
            value={shown.value}
            onChange={(event) => list.setFilters({ status: event.target.value })}
          >
            {SHOW.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
                {counts ? ` (${formatCount(counts[choice.value || 'new'])})` : ''}
              </option>
            ))}
          </SelectField>
        </FilterForm>
        {list.error ? (
          <RetryAlert error={list.error} what="Failed to load enquiries." onRetry={list.retry} />
        ) : null}
        <ListResults
          list={list}
          loadingLabel="Loading enquiries..."
          emptyText={shown.empty}
          paginationLabel="Enquiry pages"
        >
          {(rows) => (
            <DataTable
              caption="Enquiries"
              columns={columns(shop?.time_zone)}
              rows={rows}
              rowKey={(e) => e.id}
            />
          )}
        </ListResults>
      </Card>
    </>
  );
}
