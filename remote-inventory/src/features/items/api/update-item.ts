import { endpoints, pathOf, type Item, type ItemUpdate } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { ITEM_EDITED, useStockMutation } from '../../../lib/cache';

/** Edit Inventory Item: only the descriptive fields; status and prices change through actions. */
export function updateItem(id: number, input: ItemUpdate): Promise<Item> {
  return http.put<Item>(pathOf(endpoints.items.update, { id }), input);
}

export const useUpdateItem = () =>
  useStockMutation(({ id, input }: { id: number; input: ItemUpdate }) => updateItem(id, input), ITEM_EDITED);
