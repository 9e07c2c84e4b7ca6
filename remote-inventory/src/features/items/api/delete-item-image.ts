import { endpoints, pathOf } from '@loupe/contracts';
import { http, type RequestOptions } from '@loupe/platform';
import { ITEM_CHANGED, useStockMutation } from '../../../lib/cache';

export function deleteItemImage(itemId: number, imageId: number, options?: RequestOptions): Promise<void> {
  return http.delete<void>(pathOf(endpoints.items.deleteImage, { id: itemId, imageId }), options);
}

export const useDeleteItemImage = () =>
  useStockMutation(
    ({ itemId, imageId }: { itemId: number; imageId: number }) => deleteItemImage(itemId, imageId),
    ITEM_CHANGED,
  );
