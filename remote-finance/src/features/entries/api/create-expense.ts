import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, useApiMutation } from '@loupe/platform';
import { ENTRY_CHANGES } from '../../../api/query-keys';
import type { EntryValues } from '../lib/entry-values';
import { entryBody } from './entry-body';

export type Expense = ResponseOf<typeof endpoints.expenses.create>;

/** `POST /api/expenses/` → the saved expense. */
export function createExpense(values: EntryValues): Promise<Expense> {
  return api(endpoints.expenses.create, { body: entryBody(values) });
}

/** Save Expense: the expense list, the reports and the dashboard's figures all count it. */
export function useCreateExpense() {
  return useApiMutation(endpoints.expenses.create, { send: createExpense, changes: ENTRY_CHANGES });
}
