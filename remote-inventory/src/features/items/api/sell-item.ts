import { endpoints, pathOf, type Item, type ItemSell } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/** Available or checked-out → sold, with a sale record; 409 from any other status. */
export function sellItem(id: number, input: ItemSell): Promise<Item> {
  return http.post<Item>(pathOf(endpoints.items.sell, { id }), input);
}

/** A sale issues its invoice (issue 13): the invoices list (remote-finance) is asked again too. */
export const useSellItem = () =>
  useStockMutation(
    ({ id, input }: { id: number; input: ItemSell }) => sellItem(id, input),
    [...STOCK_MOVED, ['invoices']],
  );
