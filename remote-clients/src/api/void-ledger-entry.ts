import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

/**
 * `POST /api/clients/{id}/ledger/{entryId}/void/` → the original (voided), its reversal and the new balance.
 * A void moves the balance back, like a payment the other way: the client (its balance, ledger and History, all
 * under the clients resource), the lists and Debtors and Creditors, the dashboard's client money, and the
 * shop's Activity screen.
 */
export function useVoidLedgerEntry() {
  return useApiMutation(endpoints.clients.voidLedgerEntry, {
    call: ({ clientId, entryId, reason }: { clientId: number; entryId: number; reason: string }) => ({
      params: { id: clientId, entryId },
      body: { reason },
    }),
    changes: ['clients', 'dashboard', 'activity'],
  });
}
