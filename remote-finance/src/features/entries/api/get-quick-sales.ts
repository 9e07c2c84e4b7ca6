import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { quickSaleKeys } from '../../../api/query-keys';

export type QuickSaleList = ResponseOf<typeof endpoints.quickSales.list>;

/** The smallest page the service serves. */
export const RECENT_QUICK_SALES = 10;

/** `GET /api/quick-sales/?page_size=10` → the latest quick sales, newest first, and how many there are. */
export function getRecentQuickSales(signal?: AbortSignal): Promise<QuickSaleList> {
  return api(endpoints.quickSales.list, { query: { page_size: RECENT_QUICK_SALES }, signal });
}

/** Under the quick-sales root, so saving or voiding one (ENTRY_CHANGES) refreshes it. */
export function useRecentQuickSales() {
  return useQuery(
    queryOptions({
      queryKey: quickSaleKeys.list({ page_size: RECENT_QUICK_SALES }),
      queryFn: ({ signal }) => getRecentQuickSales(signal),
    }),
  );
}
