import { endpoints, pathOf, type LedgerVoidResult } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { clientKeys } from './client-keys';

/** `POST /api/clients/{id}/ledger/{entryId}/void/` → the original (voided), its reversal and the new balance. */
export function voidLedgerEntry(
  clientId: number,
  entryId: number,
  reason: string,
): Promise<LedgerVoidResult> {
  return http.post<LedgerVoidResult>(pathOf(endpoints.clients.voidLedgerEntry, { id: clientId, entryId }), {
    reason,
  });
}

/**
 * A void moves the balance back, like a payment the other way: the client (its balance, ledger and History, all
 * under the clients root), the lists and Debtors and Creditors, the dashboard's client money, and the shop's
 * Activity screen.
 */
export function useVoidLedgerEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, entryId, reason }: { clientId: number; entryId: number; reason: string }) =>
      voidLedgerEntry(clientId, entryId, reason),
    onSuccess: () =>
      Promise.all(
        [clientKeys.all, ['dashboard'], ['activity']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
