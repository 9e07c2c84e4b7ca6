import { endpoints, type DashboardPin } from '@loupe/contracts';
import { api, errorDetail, invalidateResources, useQueryClient, useUndoable } from '@loupe/platform';
import { useCallback, useState } from 'react';
import { dashboardKeys } from '../../../api/query-keys';

/** `DELETE /api/dashboard/pins/{id}/` → 204. */
export function deletePin(id: number, options?: { keepalive?: boolean }): Promise<void> {
  return api(endpoints.pins.delete, { params: { id }, ...options });
}

/**
 * Unpin, react-admin's "undoable" way: the pin leaves the card at once and a toast offers Undo for 5 s.
 *
 * The DELETE is deferred until the toast closes (flushed when the dashboard unmounts or the page is left),
 * rather than sent at once and undone by pinning again: the pins are listed in the order they were made, so a
 * new pin would come back last, under another id; deferred, Undo leaves the pin exactly as it was. The card asks
 * for the pins again once the DELETE is answered, so it never shows a removed pin as still there.
 */
export function useUndoableUnpin() {
  const queryClient = useQueryClient();
  const raise = useUndoable();
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const [error, setError] = useState<string | null>(null);

  const forget = useCallback((id: number) => {
    setPending((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);

  const unpin = useCallback(
    (pin: DashboardPin, title: string) => {
      setError(null);
      setPending((current) => new Set(current).add(pin.id));
      raise({
        message: `Unpinned ${title}.`,
        undo: () => forget(pin.id),
        commit: async () => {
          try {
            // keepalive: when the page is being left the browser still finishes it.
            await deletePin(pin.id, { keepalive: true });
            await invalidateResources(queryClient, [dashboardKeys.pins]);
          } catch (failure) {
            setError(`${title}: ${errorDetail(failure) ?? 'The report could not be unpinned.'}`);
          } finally {
            forget(pin.id);
          }
        },
      });
    },
    [raise, forget, queryClient],
  );

  /** The pins as they are once the waiting unpins are sent. */
  const shown = useCallback(
    (pins: DashboardPin[]) => (pending.size === 0 ? pins : pins.filter((pin) => !pending.has(pin.id))),
    [pending],
  );

  return { unpin, shown, error };
}
