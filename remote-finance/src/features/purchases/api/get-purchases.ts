import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, resourceKeys, type ListQuery } from '@loupe/platform';

export type PurchaseList = ResponseOf<typeof endpoints.purchases.list>;
export type Purchase = ResponseOf<typeof endpoints.purchases.detail>;
export type PurchaseRow = PurchaseList['results'][number];

/** What the Purchases screen is filtered by in its URL, under the API's own parameter names. */
export const PURCHASE_FILTERS = ['date_from', 'date_to', 'seller', 'status'] as const;
export type PurchaseFilter = (typeof PURCHASE_FILTERS)[number];
export type PurchaseListQuery = ListQuery<PurchaseFilter>;

/** Built here, not read from the shared platform's `queryKeys`, which a shell older than purchases lacks. */
export const purchaseKeys = resourceKeys('purchases');

/** `GET /api/purchases/`: one page of buy-ins, newest first, filtered by the service. */
export function getPurchases(query: PurchaseListQuery, signal?: AbortSignal): Promise<PurchaseList> {
  return api(endpoints.purchases.list, { query, signal });
}

export const purchasesQueryOptions = (query: PurchaseListQuery) =>
  queryOptions({ queryKey: purchaseKeys.list(query), queryFn: ({ signal }) => getPurchases(query, signal) });
