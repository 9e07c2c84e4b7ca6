import { API_BASE, endpoints, pathOf, type ItemImage } from '@loupe/contracts';
import { apiUpload } from '@loupe/platform';
import { ITEM_CHANGED, useStockMutation } from '../../../lib/cache';

/** Adds an image to an item (multipart field `file`); the service recognises the type by content. */
export function uploadItemImage(
  itemId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ItemImage> {
  return apiUpload(endpoints.items.addImage, {
    params: { id: itemId },
    file,
    onProgress: (progress) => onProgress(progress.percent),
    signal,
  });
}

export const useUploadItemImage = () =>
  useStockMutation(endpoints.items.addImage, {
    send: ({ itemId, file, onProgress }: { itemId: number; file: File; onProgress(percent: number): void }) =>
      uploadItemImage(itemId, file, onProgress),
    changes: ITEM_CHANGED,
  });

/** Where the browser reads an image's bytes (staff of the shop only; the session cookie goes along). */
export const itemImageUrl = (itemId: number, imageId: number): string =>
  `${API_BASE}${pathOf(endpoints.items.image, { id: itemId, imageId })}`;
