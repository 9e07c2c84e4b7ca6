import { API_BASE, endpoints, pathOf } from '@loupe/contracts';

/**
 * Where the browser fetches a purchase's documents: its invoice for the seller to sign, and a register check's
 * certificate. A plain link downloads them with the session cookie (a GET needs no CSRF token).
 */
export const purchasePdfUrl = (id: number): string => `${API_BASE}${pathOf(endpoints.purchases.pdf, { id })}`;

/** A register check's certificate, as the seller's register sent it. */
export const certificateUrl = (id: number, lineId: number): string =>
  `${API_BASE}${pathOf(endpoints.purchases.certificate, { id, lineId })}`;
