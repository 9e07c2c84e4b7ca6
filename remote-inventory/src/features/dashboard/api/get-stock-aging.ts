import { endpoints, type StockAging } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

/**
 * Under the items root, so a Sell, a check-in or a return to supplier (all of which refresh the item lists)
 * refreshes the aged-stock cards with them.
 */
export const stockAgingKey = [...queryKeys.items.all, 'aging'] as const;

/** `GET /api/stock/aging/`: the 90+ day stock, average days to sell, approvals and consignments past due. */
export function getStockAging(signal?: AbortSignal): Promise<StockAging> {
  return api(endpoints.stock.aging, { signal });
}

/** The three aged-stock cards read it at once; the cache makes that one request. */
export function useStockAging() {
  return useQuery(queryOptions({ queryKey: stockAgingKey, queryFn: ({ signal }) => getStockAging(signal) }));
}
