import { endpoints } from '@loupe/contracts';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/**
 * Consignment item → back to its supplier (status unavailable, returnedAt set); 409 unless available. It
 * leaves the stock lists' figures and the dashboard's past-return-by card: refresh them as any stock move.
 */
export const useReturnToSupplier = () =>
  useStockMutation(endpoints.items.returnToSupplier, {
    call: ({ id, note }: { id: number; note: string }) => ({ params: { id }, body: note ? { note } : {} }),
    changes: STOCK_MOVED,
  });
