import { paths, type LedgerPayment, type LedgerPaymentResult } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** The Payment dialog: 201 with the entry and the client's balance after it. */
export function recordPayment(clientId: number, payment: LedgerPayment): Promise<LedgerPaymentResult> {
  return http.post<LedgerPaymentResult>(paths.clientLedger(clientId), payment);
}
