import { endpoints, pathOf, type Item } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { STOCK_MOVED, useStockMutation } from '../../../lib/cache';

/** Sold → the status the item had before the sale, the sale reversed; 409 when the item has no sale standing. */
export function voidItemSale(id: number, reason: string): Promise<Item> {
  return http.post<Item>(pathOf(endpoints.items.voidSale, { id }), { reason });
}

/**
 * A void of a sale moves stock back like a Return (the item, the buyer's ledger, sales figures and reports) and
 * is recorded in the shop's Activity.
 */
export const useVoidItemSale = () =>
  useStockMutation(
    ({ id, reason }: { id: number; reason: string }) => voidItemSale(id, reason),
    // Its credit note (issue 13) joins the invoices list.
    [...STOCK_MOVED, ['activity'], ['invoices']],
  );
