import { paths, type ItemList } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

/** `GET /api/items/` with the list's query (page, page_size, filters, ordering) as the API names them. */
export function getItems(query: Record<string, string>, signal?: AbortSignal): Promise<ItemList> {
  return http.get<ItemList>(paths.items, { query, signal });
}

/** One page of items; asks again whenever the query changes. */
export function useItems(query: Record<string, string>): QueryResult<ItemList> {
  const key = new URLSearchParams(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))).toString();
  return useLegacyQuery(`items?${key}`, (signal) => getItems(query, signal));
}
