import { endpoints, pathOf, type Item, type ItemCheckOut } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/** Available → checked out to a client (on approval); 409 from any other status. */
export function checkOutItem(id: number, input: ItemCheckOut): Promise<Item> {
  return http.post<Item>(pathOf(endpoints.items.checkOut, { id }), input);
}

export const useCheckOutItem = () =>
  useStockMutation(
    ({ id, input }: { id: number; input: ItemCheckOut }) => checkOutItem(id, input),
    STOCK_MOVED,
  );
