import { endpoints, type ItemSell } from '@loupe/contracts';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/**
 * Available or checked-out → sold, with a sale record; 409 from any other status. A sale issues its invoice
 * (issue 13), so the invoices (remote-finance's screens) are asked again too.
 */
export const useSellItem = () =>
  useStockMutation(endpoints.items.sell, {
    call: ({ id, input }: { id: number; input: ItemSell }) => ({ params: { id }, body: input }),
    changes: [...STOCK_MOVED, 'invoices'],
  });
