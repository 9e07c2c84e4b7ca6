import type { ItemRow } from '@loupe/contracts';
import { errorMessage, invalidateResources, useQueryClient, useUndoable } from '@loupe/platform';
import { useCallback, useState } from 'react';
import { refreshIfConflict, STOCK_MOVED } from '../../../lib/cache';
import { returnItem } from '../api/return-item';

/**
 * Return, react-admin's "undoable" way: the row says Available at once and a toast offers Undo for 5 s.
 *
 * The request is deferred until the toast closes (flushed if the page is left or this list unmounts), rather
 * than sent at once and reversed by checking the item out again: a check-out refuses a due date in the past, so
 * the Undo of an overdue item's return would fail, and a new check-out would replace the day it went out with
 * the day of the Undo. Deferred, Undo changes nothing on the server and the original check-out stays whole; the
 * server records the return (audit) when it is sent.
 */
export function useUndoableReturn(onError: (text: string) => void) {
  const queryClient = useQueryClient();
  const raise = useUndoable();
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());

  const forget = useCallback((id: number) => {
    setPending((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);

  const start = useCallback(
    (item: ItemRow) => {
      setPending((current) => new Set(current).add(item.id));
      raise({
        message: `${item.serial} has been returned and is available again.`,
        undo: () => forget(item.id),
        commit: async () => {
          try {
            // keepalive: when the page is being left the browser still finishes it.
            await returnItem(item.id, { keepalive: true });
            await invalidateResources(queryClient, STOCK_MOVED);
          } catch (error) {
            refreshIfConflict(queryClient, error);
            onError(errorMessage(error, `${item.serial} could not be returned.`));
          } finally {
            // Only now: the refreshed rows have it (or the error says why not), so it never flashes back.
            forget(item.id);
          }
        },
      });
    },
    [raise, forget, queryClient, onError],
  );

  /** The rows as they are once the waiting returns are sent: available, with no open check-out. */
  const show = useCallback(
    (rows: ItemRow[]): ItemRow[] =>
      pending.size === 0
        ? rows
        : rows.map((row) => (pending.has(row.id) ? { ...row, status: 'available', checkout: null } : row)),
    [pending],
  );

  return { start, show };
}
