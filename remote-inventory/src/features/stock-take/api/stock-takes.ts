import {
  API_BASE,
  endpoints,
  pathOf,
  type StockTake,
  type StockTakeCreate,
  type StockTakeLine,
  type StockTakeList,
  type StockTakeLineList,
  type StockTakeOutcome,
  type StockTakeScanResult,
} from '@loupe/contracts';
import { http, resourceKeys, useMutation, useQuery, useQueryClient } from '@loupe/platform';

/*
 * Stock-takes (issue 14; rules in contracts/src/stock-takes.ts). Several staff scan into one open count at
 * once, so an open count's figures and lines are asked for again every few seconds, besides after each scan.
 */

export const stockTakeKeys = resourceKeys('stock-takes');

/** How often an open count's figures and lines are refreshed (others scan too). */
export const LIVE_REFRESH_MS = 4000;
/** The lines one list shows (the service's largest page). */
export const LINES_PAGE = 100;

export function useStockTakes(page: number) {
  return useQuery({
    queryKey: stockTakeKeys.list({ page }),
    queryFn: ({ signal }) =>
      http.get<StockTakeList>(pathOf(endpoints.stockTakes.list), {
        query: { page, page_size: 25 },
        signal,
      }),
  });
}

export function useStockTake(id: number) {
  return useQuery({
    queryKey: stockTakeKeys.detail(id),
    queryFn: ({ signal }) => http.get<StockTake>(pathOf(endpoints.stockTakes.detail, { id }), { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? LIVE_REFRESH_MS : false),
  });
}

export function useStockTakeLines(id: number, outcome: StockTakeOutcome, live: boolean) {
  return useQuery({
    queryKey: [...stockTakeKeys.detail(id), 'lines', outcome],
    queryFn: ({ signal }) =>
      http.get<StockTakeLineList>(pathOf(endpoints.stockTakes.lines, { id }), {
        query: { outcome, page_size: LINES_PAGE },
        signal,
      }),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useStartStockTake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockTakeCreate) => http.post<StockTake>(pathOf(endpoints.stockTakes.create), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockTakeKeys.all }),
  });
}

/** One serial into the count; the answer's figures show at once, the lines refresh. */
export function useScan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serial: string) =>
      http.post<StockTakeScanResult>(pathOf(endpoints.stockTakes.scan, { id }), { serial }),
    onSuccess: (result) => {
      queryClient.setQueryData<StockTake>(stockTakeKeys.detail(id), (take) =>
        take ? { ...take, counts: result.counts } : take,
      );
      void queryClient.invalidateQueries({ queryKey: stockTakeKeys.detail(id) });
    },
  });
}

export function useCloseStockTake(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<StockTake>(pathOf(endpoints.stockTakes.close, { id })),
    onSuccess: (take) => {
      queryClient.setQueryData(stockTakeKeys.detail(id), take);
      void queryClient.invalidateQueries({ queryKey: stockTakeKeys.all });
    },
  });
}

/** The missing item becomes unavailable: the item lists and the dashboard change too. */
export function useMarkUnavailable(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, reason }: { itemId: number; reason: string }) =>
      http.post<StockTakeLine>(pathOf(endpoints.stockTakes.markUnavailable, { id, itemId }), { reason }),
    onSuccess: () =>
      Promise.all(
        [stockTakeKeys.detail(id), ['items'], ['dashboard']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const varianceCsvUrl = (id: number) => API_BASE + pathOf(endpoints.stockTakes.varianceCsv, { id });
export const variancePdfUrl = (id: number) => API_BASE + pathOf(endpoints.stockTakes.variancePdf, { id });
