import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryKeys, queryOptions, type ListQuery } from '@loupe/platform';

export type DealList = ResponseOf<typeof endpoints.deals.list>;
export type Deal = DealList['results'][number];

/** What the Deals screen is filtered by in its URL, under the API's own parameter names (DealQuery). */
export const DEAL_FILTERS = ['status', 'overdue'] as const;
export type DealFilter = (typeof DEAL_FILTERS)[number];
export type DealListQuery = ListQuery<DealFilter>;

export const dealKeys = queryKeys.deals;

/** `GET /api/deals/`: one page of deals, newest first, filtered by the service. */
export function getDeals(query: DealListQuery, signal?: AbortSignal): Promise<DealList> {
  return api(endpoints.deals.list, { query, signal });
}

export const dealsQueryOptions = (query: DealListQuery) =>
  queryOptions({ queryKey: dealKeys.list(query), queryFn: ({ signal }) => getDeals(query, signal) });
