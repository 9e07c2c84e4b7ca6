import { paths } from '@loupe/contracts';
import { http } from '@loupe/platform';

export function deleteItemImage(itemId: number, imageId: number): Promise<void> {
  return http.delete<void>(paths.itemImage(itemId, imageId));
}
