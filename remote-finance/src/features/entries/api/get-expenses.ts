import { paths, type ExpenseList } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

/** `GET /api/expenses/` with the list's query (page, page_size, date_from, date_to). */
export function getExpenses(query: Record<string, string>, signal?: AbortSignal): Promise<ExpenseList> {
  return http.get<ExpenseList>(paths.expenses, { query, signal });
}

/** One page of expenses; asks again whenever the query changes. */
export function useExpenses(query: Record<string, string>): QueryResult<ExpenseList> {
  const key = new URLSearchParams(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))).toString();
  return useLegacyQuery(`expenses?${key}`, (signal) => getExpenses(query, signal));
}
