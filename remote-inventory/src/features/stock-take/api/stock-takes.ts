import {
  API_BASE,
  endpoints,
  pathOf,
  type StockTake,
  type StockTakeCreate,
  type StockTakeOutcome,
} from '@loupe/contracts';
import { api, queryKeys, useApiMutation, useQuery, useQueryClient } from '@loupe/platform';

/*
 * Stock-takes (issue 14; rules in contracts/src/stock-takes.ts). Several staff scan into one open count at
 * once, so an open count's figures and lines are asked for again every few seconds, besides after each scan.
 */

export const stockTakeKeys = queryKeys['stock-takes'];

/** How often an open count's figures and lines are refreshed (others scan too). */
export const LIVE_REFRESH_MS = 4000;
/** The lines one list shows (the service's largest page). */
export const LINES_PAGE = 100;

export function useStockTakes(page: number) {
  return useQuery({
    queryKey: stockTakeKeys.list({ page }),
    queryFn: ({ signal }) => api(endpoints.stockTakes.list, { query: { page, page_size: 25 }, signal }),
  });
}

export function useStockTake(id: number) {
  return useQuery({
    queryKey: stockTakeKeys.detail(id),
    queryFn: ({ signal }) => api(endpoints.stockTakes.detail, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? LIVE_REFRESH_MS : false),
  });
}

export function useStockTakeLines(id: number, outcome: StockTakeOutcome, live: boolean) {
  return useQuery({
    queryKey: [...stockTakeKeys.detail(id), 'lines', outcome],
    queryFn: ({ signal }) =>
      api(endpoints.stockTakes.lines, { params: { id }, query: { outcome, page_size: LINES_PAGE }, signal }),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useStartStockTake() {
  return useApiMutation(endpoints.stockTakes.create, {
    call: (body: StockTakeCreate) => ({ body }),
    changes: ['stock-takes'],
  });
}

/** One serial into the count; the answer's figures show at once, the lines refresh. */
export function useScan(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation(endpoints.stockTakes.scan, {
    call: (serial: string) => ({ params: { id }, body: { serial } }),
    onSuccess: (result) => {
      queryClient.setQueryData<StockTake>(stockTakeKeys.detail(id), (take) =>
        take ? { ...take, counts: result.counts } : take,
      );
    },
    changes: [stockTakeKeys.detail(id)],
    // The field takes the next serial at once; the lines catch up meanwhile.
    awaitChanges: false,
  });
}

export function useCloseStockTake(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation(endpoints.stockTakes.close, {
    call: (_: void) => ({ params: { id } }),
    onSuccess: (take) => {
      queryClient.setQueryData(stockTakeKeys.detail(id), take);
    },
    changes: ['stock-takes'],
    awaitChanges: false,
  });
}

/** The missing item becomes unavailable: the item lists and the dashboard change too. */
export function useMarkUnavailable(id: number) {
  return useApiMutation(endpoints.stockTakes.markUnavailable, {
    call: ({ itemId, reason }: { itemId: number; reason: string }) => ({
      params: { id, itemId },
      body: { reason },
    }),
    changes: [stockTakeKeys.detail(id), 'items', 'dashboard'],
  });
}

export const varianceCsvUrl = (id: number) => API_BASE + pathOf(endpoints.stockTakes.varianceCsv, { id });
export const variancePdfUrl = (id: number) => API_BASE + pathOf(endpoints.stockTakes.variancePdf, { id });
