import { API_BASE, endpoints, pathOf, type InvoiceVariant } from '@loupe/contracts';

/**
 * Where the browser fetches an invoice's PDF: `/api/api/invoices/42/pdf/` (or `?variant=receipt`). A plain link
 * downloads or opens it with the session cookie (a GET needs no CSRF token), and the server names the file.
 * Kept outside the features: the quick sale form and the invoices list both link to it.
 */
export function invoicePdfUrl(id: number, variant: InvoiceVariant = 'invoice'): string {
  const path = `${API_BASE}${pathOf(endpoints.invoices.pdf, { id })}`;
  return variant === 'receipt' ? `${path}?variant=receipt` : path;
}
