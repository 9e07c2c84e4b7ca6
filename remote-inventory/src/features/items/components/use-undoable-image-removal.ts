import type { Item, ItemImage } from '@loupe/contracts';
import { errorMessage, invalidateResources, useQueryClient, useUndoable } from '@loupe/platform';
import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { ITEM_CHANGED } from '../../../lib/cache';
import { deleteItemImage } from '../api/delete-item-image';

/**
 * Removing an image, react-admin's "undoable" way: it leaves the gallery at once and a toast offers Undo for 5 s.
 *
 * The DELETE is deferred until the toast closes (flushed when the page unmounts, e.g. after Update Item, or is
 * left): the service deletes the bytes, and there is no inverse call that could bring them back (uploading them
 * again would make another image, with another id and place). Undo puts the image back where it was.
 */
export function useUndoableImageRemoval(
  itemId: number,
  setItem: Dispatch<SetStateAction<Item>>,
  onError: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const raise = useUndoable();

  return useCallback(
    (image: ItemImage) => {
      let place = -1;
      setItem((current) => {
        place = current.images.findIndex((img) => img.id === image.id);
        return { ...current, images: current.images.filter((img) => img.id !== image.id) };
      });
      const putBack = () =>
        setItem((current) => {
          if (current.images.some((img) => img.id === image.id)) return current;
          const images = [...current.images];
          images.splice(place < 0 ? images.length : Math.min(place, images.length), 0, image);
          return { ...current, images };
        });
      raise({
        message: `Image ${image.name} removed.`,
        undo: putBack,
        commit: async () => {
          try {
            // keepalive: when the page is being left the browser still finishes it.
            await deleteItemImage(itemId, image.id, { keepalive: true });
            await invalidateResources(queryClient, ITEM_CHANGED);
          } catch (error) {
            putBack();
            onError(errorMessage(error, 'The image could not be removed.'));
          }
        },
      });
    },
    [itemId, setItem, onError, raise, queryClient],
  );
}
