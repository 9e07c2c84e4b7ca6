import { endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { invalidateAfterEntry } from '../../../api/query-keys';
import type { EntryValues } from '../lib/entry-values';
import { entryBody } from './entry-body';

export type Expense = ResponseOf<typeof endpoints.expenses.create>;

/** `POST /api/expenses/` → the saved expense. */
export function createExpense(values: EntryValues): Promise<Expense> {
  return http.post<Expense>(pathOf(endpoints.expenses.create), entryBody(values));
}

/** Save Expense: the expense list, the reports and the dashboard's figures all count it. */
export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createExpense, onSuccess: () => invalidateAfterEntry(queryClient) });
}
