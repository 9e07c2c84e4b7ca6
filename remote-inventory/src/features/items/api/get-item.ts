import { endpoints, type Item } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { itemKeys } from './get-items';

/** `GET /api/items/{id}/`: the item with its images and purchase transactions. */
export function getItem(id: number, signal?: AbortSignal): Promise<Item> {
  return api(endpoints.items.detail, { params: { id }, signal });
}

export const itemQueryOptions = (id: number) =>
  queryOptions({ queryKey: itemKeys.detail(id), queryFn: ({ signal }) => getItem(id, signal) });

/** One item by id; no request without an id. */
export function useItem(id: number | null) {
  return useQuery({ ...itemQueryOptions(id ?? 0), enabled: id !== null });
}
