import { endpoints, type InventorySummary } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

/**
 * Under the items root, so every change to stock (a Sell, an added item, from any remote) refreshes the
 * dashboard's stock figures with the lists.
 */
export const inventorySummaryKey = [...queryKeys.items.all, 'summary'] as const;

/** `GET /api/items/summary/`: counts and values by stock type and status, and the latest purchases. */
export function getInventorySummary(signal?: AbortSignal): Promise<InventorySummary> {
  return api(endpoints.items.summary, { signal });
}

export const inventorySummaryQueryOptions = () =>
  queryOptions({ queryKey: inventorySummaryKey, queryFn: ({ signal }) => getInventorySummary(signal) });

/** The four stock widgets read it at once; the cache makes that one request. */
export function useInventorySummary() {
  return useQuery(inventorySummaryQueryOptions());
}
