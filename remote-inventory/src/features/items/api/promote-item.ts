import { endpoints, pathOf, type Item, type ItemPromote } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { ITEM_CHANGED, useStockMutation } from '../../../lib/cache';

/** Starts, changes (`promoted: true`) or ends (`promoted: false`) an item's promotion. */
export function promoteItem(id: number, input: ItemPromote): Promise<Item> {
  return http.post<Item>(pathOf(endpoints.items.promote, { id }), input);
}

export const usePromoteItem = () =>
  useStockMutation(
    ({ id, input }: { id: number; input: ItemPromote }) => promoteItem(id, input),
    ITEM_CHANGED,
  );
