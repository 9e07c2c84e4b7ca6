import { endpoints, type ItemUpdate } from '@loupe/contracts';
import { ITEM_EDITED, useStockMutation } from '../../../lib/cache';

/** Edit Inventory Item: only the descriptive fields; status and prices change through actions. */
export const useUpdateItem = () =>
  useStockMutation(endpoints.items.update, {
    call: ({ id, input }: { id: number; input: ItemUpdate }) => ({ params: { id }, body: input }),
    changes: ITEM_EDITED,
  });
