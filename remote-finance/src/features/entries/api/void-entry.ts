import { endpoints, pathOf, type Expense, type QuickSale } from '@loupe/contracts';
import { http, useMutation, useQueryClient, type QueryClient } from '@loupe/platform';
import { invalidateAfterEntry, invalidateAfterQuickSale } from '../../../api/query-keys';

/** `POST /api/expenses/{id}/void/` → the original expense, now voided (its reversal is listed on the day of the void). */
export function voidExpense(id: number, reason: string): Promise<Expense> {
  return http.post<Expense>(pathOf(endpoints.expenses.void, { id }), { reason });
}

/** `POST /api/quick-sales/{id}/void/` → the original quick sale, now voided. */
export function voidQuickSale(id: number, reason: string): Promise<QuickSale> {
  return http.post<QuickSale>(pathOf(endpoints.quickSales.void, { id }), { reason });
}

/**
 * A void posts a reversal dated today: the entry lists (the original marked, the reversal added), every report
 * that may cover today, the dashboard's figures, and the shop's Activity screen all change.
 */
function useVoid<T>(
  send: (id: number, reason: string) => Promise<T>,
  invalidate: (queryClient: QueryClient) => Promise<void>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => send(id, reason),
    onSuccess: () =>
      Promise.all([invalidate(queryClient), queryClient.invalidateQueries({ queryKey: ['activity'] })]).then(
        () => undefined,
      ),
  });
}

export const useVoidExpense = () => useVoid(voidExpense, invalidateAfterEntry);
// A quick sale's void also issues its credit note (issue 13).
export const useVoidQuickSale = () => useVoid(voidQuickSale, invalidateAfterQuickSale);
