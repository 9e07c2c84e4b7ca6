import { endpoints, type Item } from '@loupe/contracts';
import { api } from '@loupe/platform';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/** Checked out → available, closing the check-out; 409 when the item is not checked out. */
export function returnItem(id: number, options?: { keepalive?: boolean }): Promise<Item> {
  return api(endpoints.items.return, { params: { id }, body: {}, ...options });
}

export const useReturnItem = () =>
  useStockMutation(endpoints.items.return, {
    call: (id: number) => ({ params: { id }, body: {} }),
    changes: STOCK_MOVED,
  });
