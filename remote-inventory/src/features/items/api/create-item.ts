import { endpoints, type ItemCreate } from '@loupe/contracts';
import { ITEM_ADDED, useStockMutation } from '../../../lib/cache';

/** Add Inventory Item: 201 with the item, its computed purchase price and its transactions. */
export const useCreateItem = () =>
  useStockMutation(endpoints.items.create, {
    call: (input: ItemCreate) => ({ body: input }),
    changes: ITEM_ADDED,
  });
