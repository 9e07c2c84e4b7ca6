import { API_BASE, endpoints, pathOf, type InvoiceVariant } from '@loupe/contracts';

/*
 * The sales documents of issue 13 are PDFs the service renders. A plain link fetches each one: the session
 * cookie goes along (a GET needs no CSRF token) and the browser's own PDF viewer prints it, so nothing here
 * builds or holds the file.
 */

/** A sale's invoice, or its receipt (paid in full). */
export function invoicePdfUrl(invoiceId: number, variant: InvoiceVariant = 'invoice'): string {
  const path = pathOf(endpoints.invoices.pdf, { id: invoiceId });
  return `${API_BASE}${path}${variant === 'receipt' ? '?variant=receipt' : ''}`;
}

/** A check-out's approval note. */
export const approvalNoteUrl = (checkoutId: number): string =>
  API_BASE + pathOf(endpoints.checkouts.approvalNote, { id: checkoutId });
