import type { Invoice, InvoiceKind, InvoiceStatus, InvoiceVatTreatment } from '@loupe/contracts';
import {
  Button,
  Card,
  DataTable,
  DayField,
  fieldErrors,
  formatDay,
  formatMoney,
  HttpError,
  ListResults,
  PageHeader,
  RetryAlert,
  SelectField,
  TextField,
  useListController,
  usePageTitle,
  VisuallyHidden,
  type DataColumn,
  DownloadLink,
  FilterActions,
} from '@loupe/platform';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { invoicePdfUrl } from '../../../api/invoice-files';
import { useClientName } from '@loupe/platform';
import { ClientPicker } from '@loupe/platform';
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

const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  input {
    min-width: 0;
    width: 260px;
  }
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

/** The search box: typed text goes to the URL (and the server) when submitted, not on every key. */
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
    <SearchRow role="search" aria-label="Invoices" onSubmit={submit}>
      <TextField
        label="Search invoices"
        type="search"
        placeholder="Reference or buyer"
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
 * /invoices (issue 13): every invoice and credit note the shop issued, newest first, filtered by days, client,
 * status, kind and a search, with the filters in the URL (a filtered view can be bookmarked or shared) and the
 * same filters in its CSV. Each row downloads or prints its PDF, and its receipt when paid in full.
 */
export function InvoiceListPage() {
  usePageTitle('Invoices');
  const list = useListController({ filters: INVOICE_FILTERS, query: invoicesQueryOptions });
  const clientId = /^\d+$/.test(list.filters.client) ? Number(list.filters.client) : null;
  // The picker keeps its own text; when the client filter goes from outside (Clear Filters, Back) it is
  // remounted empty, but not when the user typed over the chosen name (that text is theirs).
  const [pickerRound, setPickerRound] = useState(0);
  const typedOver = useRef(false);
  const previousClient = useRef(clientId);
  useEffect(() => {
    if (previousClient.current !== null && clientId === null && !typedOver.current)
      setPickerRound((n) => n + 1);
    previousClient.current = clientId;
    typedOver.current = false;
  }, [clientId]);
  const clientName = useClientName(clientId);
  const client = useMemo(
    () => (clientId === null ? null : { id: clientId, name: clientName.data ?? `Client #${clientId}` }),
    [clientId, clientName.data],
  );

  // A 400 names the filter at fault (date_to before date_from): shown at that field, not as a failed load.
  const badFilters = list.error instanceof HttpError && list.error.status === 400;
  const errors: Partial<Record<string, string>> = badFilters ? fieldErrors(list.error) : {};
  const filtered = INVOICE_FILTERS.some((name) => list.filters[name]);
  const set = (name: InvoiceFilter) => (value: string) => list.setFilters({ [name]: value });

  return (
    <>
      <PageHeader
        title="Invoices"
        actions={
          // Filters the service refused would download its 400 instead of a CSV: the export waits for them.
          badFilters ? (
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
        <SearchForm initial={list.filters.search} onSearch={set('search')} />
        <Filters>
          <DayField
            label="From"
            value={list.filters.date_from}
            max={list.filters.date_to || undefined}
            error={errors.date_from}
            onChange={set('date_from')}
          />
          <DayField
            label="To"
            value={list.filters.date_to}
            min={list.filters.date_from || undefined}
            error={errors.date_to}
            onChange={set('date_to')}
          />
          <ClientPicker
            key={pickerRound}
            label="Client"
            hint="Any client"
            value={client}
            error={errors.client}
            onChange={(chosen) => {
              // Typing over a chosen client drops it; a new choice filters by it.
              if (chosen) set('client')(String(chosen.id));
              else if (list.filters.client) {
                typedOver.current = true;
                set('client')('');
              }
            }}
          />
          <SelectField
            label="Status"
            value={list.filters.status}
            error={errors.status}
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
            error={errors.kind}
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
          {filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </FilterActions>

        {list.error && !badFilters ? (
          <RetryAlert error={list.error} what="Failed to load invoices." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading invoices..."
          emptyText={
            filtered
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
