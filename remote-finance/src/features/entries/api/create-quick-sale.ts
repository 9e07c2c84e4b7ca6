import { endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { invalidateAfterEntry } from '../../../api/query-keys';
import type { EntryValues } from '../lib/entry-values';
import { entryBody } from './entry-body';

export type QuickSale = ResponseOf<typeof endpoints.quickSales.create>;

/** `POST /api/quick-sales/` → the saved sale (a sale without a stock item). */
export function createQuickSale(values: EntryValues): Promise<QuickSale> {
  return http.post<QuickSale>(pathOf(endpoints.quickSales.create), entryBody(values));
}

/** Save Quick Sale: revenue, the sales reports and the dashboard's figures all count it. */
export function useCreateQuickSale() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createQuickSale, onSuccess: () => invalidateAfterEntry(queryClient) });
}
