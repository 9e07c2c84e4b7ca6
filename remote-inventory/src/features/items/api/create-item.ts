import { endpoints, pathOf, type Item, type ItemCreate } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { ITEM_ADDED, useStockMutation } from '../../../lib/cache';

/** Add Inventory Item: 201 with the item, its computed purchase price and its transactions. */
export function createItem(input: ItemCreate): Promise<Item> {
  return http.post<Item>(pathOf(endpoints.items.create), input);
}

export const useCreateItem = () => useStockMutation(createItem, ITEM_ADDED);
