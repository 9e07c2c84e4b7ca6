import { endpoints, type ItemCheckOut } from '@loupe/contracts';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/** Available → checked out to a client (on approval); 409 from any other status. */
export const useCheckOutItem = () =>
  useStockMutation(endpoints.items.checkOut, {
    call: ({ id, input }: { id: number; input: ItemCheckOut }) => ({ params: { id }, body: input }),
    changes: STOCK_MOVED,
  });
