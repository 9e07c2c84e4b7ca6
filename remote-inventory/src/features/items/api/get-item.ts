import { paths, type Item } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

export function getItem(id: number | string, signal?: AbortSignal): Promise<Item> {
  return http.get<Item>(paths.item(id), { signal });
}

/** One item by id; null (and no request) without an id. */
export function useItem(id: number | string | null): QueryResult<Item | null> {
  return useLegacyQuery(`item:${id ?? ''}`, (signal) =>
    id === null ? Promise.resolve(null) : getItem(id, signal),
  );
}
