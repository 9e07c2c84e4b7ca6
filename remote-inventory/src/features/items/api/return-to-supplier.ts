import { endpoints, pathOf, type Item } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/** Consignment item → back to its supplier (status unavailable, returnedAt set); 409 unless available. */
export function returnToSupplier(id: number, note: string): Promise<Item> {
  return http.post<Item>(pathOf(endpoints.items.returnToSupplier, { id }), note ? { note } : {});
}

/** It leaves the stock lists' figures and the dashboard's past-return-by card: refresh them as any stock move. */
export const useReturnToSupplier = () =>
  useStockMutation(({ id, note }: { id: number; note: string }) => returnToSupplier(id, note), STOCK_MOVED);
