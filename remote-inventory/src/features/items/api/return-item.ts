import { paths, type Item } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Checked out → available, closing the check-out; 409 when the item is not checked out. */
export function returnItem(id: number): Promise<Item> {
  return http.post<Item>(paths.itemReturn(id), {});
}
