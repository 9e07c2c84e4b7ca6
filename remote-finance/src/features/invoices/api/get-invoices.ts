import { API_BASE, endpoints, pathOf, type InvoiceList } from '@loupe/contracts';
import { api, queryOptions, type ListQuery } from '@loupe/platform';
import { invoiceKeys } from '../../../api/query-keys';

/** What the Invoices screen is filtered by in its URL, under the API's own parameter names (InvoiceQuery). */
export const INVOICE_FILTERS = ['date_from', 'date_to', 'client', 'status', 'kind', 'search'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export type InvoiceListQuery = ListQuery<InvoiceFilter>;

// Under the 'invoices' resource, which a quick sale, a Sell and their voids declare they change (they issue
// documents).
export { invoiceKeys };

/** `GET /api/invoices/`: one page of invoices and credit notes, newest first, filtered by the service. */
export function getInvoices(query: InvoiceListQuery, signal?: AbortSignal): Promise<InvoiceList> {
  return api(endpoints.invoices.list, { query, signal });
}

export const invoicesQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => getInvoices(query, signal),
  });

/**
 * Where the browser fetches the CSV of the filtered invoices: `/api/api/invoices/csv/?status=issued…`. The
 * filters only, no page: the file holds every matching document. A plain link, so the browser saves it under
 * the server's name with the session cookie (a GET needs no CSRF token).
 */
export function invoicesCsvUrl(filters: Partial<Record<InvoiceFilter, string>>): string {
  const params = new URLSearchParams();
  for (const name of INVOICE_FILTERS) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  const qs = params.toString();
  return `${API_BASE}${pathOf(endpoints.invoices.csv)}${qs ? `?${qs}` : ''}`;
}
