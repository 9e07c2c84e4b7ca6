import { endpoints, type ItemOrdering, type ResponseOf } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery, type ListQuery } from '@loupe/platform';

export type ItemList = ResponseOf<typeof endpoints.items.list>;

/** The list filters the stock screens use, each the API's query parameter of the same name. */
export const ITEM_FILTERS = [
  'stock_type',
  'status',
  'brand',
  'model',
  'min_price',
  'max_price',
  'search',
  'consignment',
  'client',
  // Issue 22: the item attributes.
  'reference',
  'condition_grade',
  'box',
  'papers',
  'metal',
] as const;
export type ItemFilter = (typeof ITEM_FILTERS)[number];

/** One page of a stock list as the list controller builds it: page, size, the filters set, the ordering. */
export type ItemsQuery = ListQuery<ItemFilter, ItemOrdering>;

export const itemKeys = queryKeys.items;

/** `GET /api/items/`: one page of items, filtered and sorted on the server. */
export function getItems(query: ItemsQuery, signal?: AbortSignal): Promise<ItemList> {
  return api(endpoints.items.list, { query, signal });
}

export const itemsQueryOptions = (query: ItemsQuery) =>
  queryOptions({ queryKey: itemKeys.list(query), queryFn: ({ signal }) => getItems(query, signal) });

export function useItems(query: ItemsQuery) {
  return useQuery(itemsQueryOptions(query));
}
