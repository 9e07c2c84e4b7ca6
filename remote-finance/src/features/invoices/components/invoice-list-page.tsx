import type { Invoice, InvoiceKind, InvoiceStatus, InvoiceVatTreatment } from '@loupe/contracts';
import {
  Button,
  Card,
  ClientFilterPicker,
  DataTable,
  DayField,
  formatDay,
  formatMoney,
  ListResults,
  ListSearch,
  PageHeader,
  RetryAlert,
  SelectField,
  useListController,
  usePageTitle,
  VisuallyHidden,
  type DataColumn,
  DownloadLink,
  FilterActions,
} from '@loupe/platform';
import styled from 'styled-components';
import { invoicePdfUrl } from '../../../api/invoice-files';
import {
  INVOICE_FILTERS,
  invoicesCsvUrl,
  invoicesQueryOptions,
  type InvoiceFilter,
} from '../api/get-invoices';

// Aligned at the top: the client picker's "Chosen: …" line under it would otherwise lift its label.
const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: start;
  column-gap: ${({ theme }) => theme.space(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const STATUS_LABELS: Record<InvoiceStatus, string> = { issued: 'Issued', credited: 'Credited' };
const KIND_LABELS: Record<InvoiceKind, string> = { invoice: 'Invoices', credit_note: 'Credit notes' };
const VAT_LABELS: Record<InvoiceVatTreatment, string> = {
  margin: 'Margin scheme',
  standard: 'VAT 20%',
  none: 'No VAT',
  // Issue 20: a deal's invoice with margin-scheme and standard-rated lines.
  mixed: 'Margin scheme and VAT 20%',
};

function statusText(invoice: Invoice): string {
  if (invoice.kind === 'credit_note') {
    return invoice.creditsInvoice ? `Credit note for ${invoice.creditsInvoice.reference}` : 'Credit note';
  }
  if (invoice.status === 'credited') {
    return invoice.creditNote ? `Credited by ${invoice.creditNote.reference}` : 'Credited';
  }
  return 'Issued';
}

/** The row's documents: each link names its invoice for a screen reader, the screen shows the action only. */
function DocumentLinks({ invoice }: { invoice: Invoice }) {
  const of = <VisuallyHidden> {invoice.reference}</VisuallyHidden>;
  return (
    <Actions>
      <a href={invoicePdfUrl(invoice.id)} download="">
        Download PDF{of}
      </a>
      {invoice.kind === 'invoice' && invoice.paidInFull ? (
        <a href={invoicePdfUrl(invoice.id, 'receipt')} download="">
          Receipt{of}
        </a>
      ) : null}
      {/* The PDF is served inline: a new tab shows it in the browser's viewer, whose Print prints it as is. */}
      <a href={invoicePdfUrl(invoice.id)} target="_blank" rel="noopener noreferrer">
        Print{of}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    </Actions>
  );
}

const COLUMNS: readonly DataColumn<Invoice>[] = [
  {
    key: 'reference',
    header: 'Reference',
    noWrap: true,
    cell: (invoice) => (
      <>
        {invoice.reference}
        {invoice.kind === 'credit_note' ? <Sub>Credit note</Sub> : null}
      </>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    cell: (invoice) => <time dateTime={invoice.issueDate}>{formatDay(invoice.issueDate)}</time>,
  },
  {
    key: 'buyer',
    header: 'Buyer',
    wrap: { minCh: 12, maxCh: 28 },
    cell: (invoice) => invoice.buyer.name || '—',
  },
  {
    key: 'total',
    header: 'Total',
    numeric: true,
    cell: (invoice) =>
      invoice.currency === 'GBP' ? (
        formatMoney(invoice.total, 'GBP')
      ) : (
        <>
          {formatMoney(invoice.total, invoice.currency)}
          <Sub>{formatMoney(invoice.totalGbp, 'GBP')}</Sub>
        </>
      ),
  },
  { key: 'vat', header: 'VAT', cell: (invoice) => VAT_LABELS[invoice.vatTreatment] },
  { key: 'status', header: 'Status', wrap: { maxCh: 28 }, cell: statusText },
  {
    key: 'documents',
    header: <VisuallyHidden>Documents</VisuallyHidden>,
    cell: (invoice) => <DocumentLinks invoice={invoice} />,
  },
];

/**
 * /invoices (issue 13): every invoice and credit note the shop issued, newest first, filtered by days, client,
 * status, kind and a search, with the filters in the URL (a filtered view can be bookmarked or shared) and the
 * same filters in its CSV. Each row downloads or prints its PDF, and its receipt when paid in full.
 */
export function InvoiceListPage() {
  usePageTitle('Invoices');
  const list = useListController({ filters: INVOICE_FILTERS, query: invoicesQueryOptions });
  const set = (name: InvoiceFilter) => (value: string) => list.setFilters({ [name]: value });

  return (
    <>
      <PageHeader
        title="Invoices"
        actions={
          // Filters the service refused would download its 400 instead of a CSV: the export waits for them.
          list.filtersRefused ? (
            <Button type="button" disabled>
              Download CSV
            </Button>
          ) : (
            <DownloadLink href={invoicesCsvUrl(list.filters)} download="">
              Download CSV
            </DownloadLink>
          )
        }
      />
      <Card>
        <ListSearch
          name="Invoices"
          label="Search invoices"
          placeholder="Reference or buyer"
          maxLength={100}
          value={list.filters.search}
          onSearch={set('search')}
        />
        <Filters>
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
          <ClientFilterPicker
            label="Client"
            hint="Any client"
            value={list.filters.client}
            error={list.filterErrors.client}
            onChange={set('client')}
          />
          <SelectField
            label="Status"
            value={list.filters.status}
            error={list.filterErrors.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            <option value="">Any status</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Kind"
            value={list.filters.kind}
            error={list.filterErrors.kind}
            onChange={(event) => set('kind')(event.target.value)}
          >
            <option value="">Any kind</option>
            {Object.entries(KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </Filters>
        <FilterActions>
          {list.filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </FilterActions>

        {list.error && !list.filtersRefused ? (
          <RetryAlert error={list.error} what="Failed to load invoices." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading invoices..."
          emptyText={
            list.filtered
              ? 'No invoices match these filters.'
              : 'No invoices yet: each sale issues one as it is saved.'
          }
          paginationLabel="Invoices pages"
        >
          {(rows) => (
            <DataTable caption="Invoices" columns={COLUMNS} rows={rows} rowKey={(invoice) => invoice.id} />
          )}
        </ListResults>
      </Card>
    </>
  );
}
