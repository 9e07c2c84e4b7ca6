import { paths, type Item, type ItemCreate } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Add Inventory Item: 201 with the item, its computed purchase price and its transactions. */
export function createItem(input: ItemCreate): Promise<Item> {
  return http.post<Item>(paths.items, input);
}
