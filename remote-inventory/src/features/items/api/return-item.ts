import { endpoints, pathOf, type Item } from '@loupe/contracts';
import { http, type RequestOptions } from '@loupe/platform';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/** Checked out → available, closing the check-out; 409 when the item is not checked out. */
export function returnItem(id: number, options?: RequestOptions): Promise<Item> {
  return http.post<Item>(pathOf(endpoints.items.return, { id }), {}, options);
}

export const useReturnItem = () => useStockMutation((id: number) => returnItem(id), STOCK_MOVED);
