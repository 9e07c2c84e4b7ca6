import { paths, type Item, type ItemSell } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Available or checked-out → sold, with a sale record; 409 from any other status. */
export function sellItem(id: number, input: ItemSell): Promise<Item> {
  return http.post<Item>(paths.itemSell(id), input);
}
