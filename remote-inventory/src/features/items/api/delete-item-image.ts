import { endpoints } from '@loupe/contracts';
import { api } from '@loupe/platform';
import { ITEM_CHANGED, useStockMutation } from '../../../lib/cache';

export function deleteItemImage(
  itemId: number,
  imageId: number,
  options?: { keepalive?: boolean },
): Promise<void> {
  return api(endpoints.items.deleteImage, { params: { id: itemId, imageId }, ...options });
}

export const useDeleteItemImage = () =>
  useStockMutation(endpoints.items.deleteImage, {
    call: ({ itemId, imageId }: { itemId: number; imageId: number }) => ({ params: { id: itemId, imageId } }),
    changes: ITEM_CHANGED,
  });
