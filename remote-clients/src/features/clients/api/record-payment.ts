import { endpoints, pathOf, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { clientKeys } from '../../../api/client-keys';

type LedgerPayment = BodyOf<typeof endpoints.clients.recordPayment>;
type LedgerPaymentResult = ResponseOf<typeof endpoints.clients.recordPayment>;

/** The Payment dialog: 201 with the entry and the client's balance after it. */
export function recordPayment(clientId: number, payment: LedgerPayment): Promise<LedgerPaymentResult> {
  return http.post<LedgerPaymentResult>(pathOf(endpoints.clients.recordPayment, { id: clientId }), payment);
}

/**
 * A payment moves the client's balance (lists, the client, its ledger, Debtors and Creditors) and the
 * dashboard's figures that add up client money.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, payment }: { clientId: number; payment: LedgerPayment }) =>
      recordPayment(clientId, payment),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
