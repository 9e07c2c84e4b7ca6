import { paths, type Item, type ItemCheckOut } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Available → checked out to a client (on approval); 409 from any other status. */
export function checkOutItem(id: number, input: ItemCheckOut): Promise<Item> {
  return http.post<Item>(paths.itemCheckOut(id), input);
}
