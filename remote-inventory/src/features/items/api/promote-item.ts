import { paths, type Item, type ItemPromote } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Starts, changes (`promoted: true`) or ends (`promoted: false`) an item's promotion. */
export function promoteItem(id: number, input: ItemPromote): Promise<Item> {
  return http.post<Item>(paths.itemPromote(id), input);
}
