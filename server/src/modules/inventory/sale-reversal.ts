import type { Queryable } from '../../db/database';
import { insertReversal as insertInto, type NewReversal, type ReversalTarget } from '../../kernel/reversals';

export type { NewReversal };

/**
 * How a row of `sales` is reversed: its columns copied with the amounts and the cost negated. Both writers of
 * sales today (inventory's sales of items, finance's quick sales) use it; it moves with them to modules/sales.
 */
export const SALES_REVERSAL: ReversalTarget = {
  table: 'sales',
  columns:
    'shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp, payment_method, client_id',
  negated: ['amount', 'amount_gbp', 'cost_gbp'],
  dayColumn: 'sale_date',
};

/** The reversal of a sale (item-sales-repository.ts's call, kept until it moves to modules/sales). */
export const insertReversal = (db: Queryable, _table: 'sales', reversal: NewReversal): Promise<number> =>
  insertInto(db, SALES_REVERSAL, reversal);
