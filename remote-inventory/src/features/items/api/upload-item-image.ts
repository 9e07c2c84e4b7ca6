import { paths, type ItemImage } from '@loupe/contracts';
import { upload } from '@loupe/platform';

/** Adds an image to an item (multipart field `file`); the service recognises the type by content. */
export function uploadItemImage(
  itemId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ItemImage> {
  return upload<ItemImage>(paths.itemImages(itemId), file, {
    fieldName: 'file',
    onProgress: (progress) => onProgress(progress.percent),
    signal,
  });
}

/** Where the browser reads an image's bytes (staff of the shop only; the session cookie goes along). */
export const itemImageUrl = (itemId: number, imageId: number): string =>
  `/api${paths.itemImage(itemId, imageId)}`;
