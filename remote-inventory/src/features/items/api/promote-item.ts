import { endpoints, type ItemPromote } from '@loupe/contracts';
import { ITEM_CHANGED, useStockMutation } from '../../../lib/cache';

/** Starts, changes (`promoted: true`) or ends (`promoted: false`) an item's promotion. */
export const usePromoteItem = () =>
  useStockMutation(endpoints.items.promote, {
    call: ({ id, input }: { id: number; input: ItemPromote }) => ({ params: { id }, body: input }),
    changes: ITEM_CHANGED,
  });
