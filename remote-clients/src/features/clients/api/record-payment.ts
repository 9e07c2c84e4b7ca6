import { endpoints, type BodyOf } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

type LedgerPayment = BodyOf<typeof endpoints.clients.recordPayment>;

/**
 * The Payment dialog: 201 with the entry and the client's balance after it. A payment moves the client's
 * balance (lists, the client, its ledger, Debtors and Creditors) and the dashboard's figures that add up
 * client money.
 */
export function useRecordPayment() {
  return useApiMutation(endpoints.clients.recordPayment, {
    call: ({ clientId, payment }: { clientId: number; payment: LedgerPayment }) => ({
      params: { id: clientId },
      body: payment,
    }),
    changes: ['clients', 'dashboard'],
  });
}
