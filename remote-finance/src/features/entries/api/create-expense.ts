import { paths, type Expense } from '@loupe/contracts';
import { http } from '@loupe/platform';
import type { EntryValues } from '../lib/entry-values';
import { entryBody } from './entry-body';

/** `POST /api/expenses/` → the saved expense. */
export function createExpense(values: EntryValues): Promise<Expense> {
  return http.post<Expense>(paths.expenses, entryBody(values));
}
