import { paths, type Item, type ItemUpdate } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Edit Inventory Item: only the descriptive fields; status and prices change through actions. */
export function updateItem(id: number, input: ItemUpdate): Promise<Item> {
  return http.put<Item>(paths.item(id), input);
}
