import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, type ListQuery } from '@loupe/platform';
import { expenseKeys } from '../../../api/query-keys';

export type ExpenseList = ResponseOf<typeof endpoints.expenses.list>;

/** What the expense list filters by, named as the service names them (inclusive days). */
export const EXPENSE_FILTERS = ['date_from', 'date_to'] as const;
export type ExpenseQuery = ListQuery<(typeof EXPENSE_FILTERS)[number]>;

/** `GET /api/expenses/` with the list's query (page, page_size, date_from, date_to), newest first. */
export function getExpenses(query: ExpenseQuery, signal?: AbortSignal): Promise<ExpenseList> {
  return api(endpoints.expenses.list, { query, signal });
}

/** One page, for the list controller (which is this endpoint's hook: it holds the query in the URL). */
export const expensesOptions = (query: ExpenseQuery) =>
  queryOptions({ queryKey: expenseKeys.list(query), queryFn: ({ signal }) => getExpenses(query, signal) });
