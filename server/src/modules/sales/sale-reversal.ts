import type { ReversalTarget } from '../../kernel/reversals';

/**
 * How a row of `sales` is reversed (a void): its columns copied with the amounts and the cost negated, dated the
 * day of the void; the deal it belongs to stays named, so a deal's rows net to nothing.
 */
export const SALES_REVERSAL: ReversalTarget = {
  table: 'sales',
  columns:
    'shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp, payment_method, client_id, deal_id',
  negated: ['amount', 'amount_gbp', 'cost_gbp'],
  dayColumn: 'sale_date',
};
