import { endpoints } from '@loupe/contracts';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/**
 * Sold → the status the item had before the sale, the sale reversed; 409 when the item has no sale standing.
 * A void of a sale moves stock back like a Return (the item, the buyer's ledger, sales figures and reports), is
 * recorded in the shop's Activity, and its credit note (issue 13) joins the invoices.
 */
export const useVoidItemSale = () =>
  useStockMutation(endpoints.items.voidSale, {
    call: ({ id, reason }: { id: number; reason: string }) => ({ params: { id }, body: { reason } }),
    changes: [...STOCK_MOVED, 'activity', 'invoices'],
  });
