import { API_BASE, endpoints, pathOf } from '@loupe/contracts';
import { api, keepPreviousData, queryKeys, useQuery, type PageSize } from '@loupe/platform';

/*
 * A client's sales documents (issue 13): the invoices issued to them and their check-outs on approval. Both
 * live under the client's key (['clients', 'detail', id, …]), so a Sell or Check Out in the inventory remote,
 * which changes the `clients` resource, refreshes them too.
 */

export const clientDocumentKeys = {
  invoices: (clientId: number, page: number, pageSize: PageSize) =>
    [...queryKeys.clients.detail(clientId), 'invoices', { page, page_size: pageSize }] as const,
  checkouts: (clientId: number) => [...queryKeys.clients.detail(clientId), 'checkouts'] as const,
};

/** The client's invoices and credit notes, newest first, one page at a time. */
export function useClientInvoices(clientId: number, page: number, pageSize: PageSize) {
  return useQuery({
    queryKey: clientDocumentKeys.invoices(clientId, page, pageSize),
    queryFn: ({ signal }) =>
      api(endpoints.invoices.list, {
        query: { client: clientId, page, page_size: pageSize },
        signal,
      }),
    // The page on screen stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Every check-out of the client, open or ended, newest first (the service does not page them). */
export function useClientCheckouts(clientId: number) {
  return useQuery({
    queryKey: clientDocumentKeys.checkouts(clientId),
    queryFn: ({ signal }) => api(endpoints.clients.checkouts, { params: { id: clientId }, signal }),
  });
}

/**
 * Where the browser fetches a PDF: a plain link sends the session cookie (a GET needs no CSRF token), and the
 * service names the file ("INV-000042.pdf", "approval-7.pdf").
 */
export const invoicePdfUrl = (invoiceId: number): string =>
  API_BASE + pathOf(endpoints.invoices.pdf, { id: invoiceId });

export const approvalNoteUrl = (checkoutId: number): string =>
  API_BASE + pathOf(endpoints.checkouts.approvalNote, { id: checkoutId });
