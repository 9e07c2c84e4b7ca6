import type { Queryable } from '../../db/database';
import type { Currency } from '../../kernel/money';

export interface NewItemSale {
  shopId: number;
  itemId: number;
  name: string;
  /** Decimal strings. */
  amount: string;
  currency: Currency;
  exchangeRate: string;
  paymentMethod: string;
  clientId: number | null;
  date: string;
  notes: string;
  userId: number;
  at: Date;
}

/**
 * The sale of a stock item (inventory's Sell). The finance reports read these rows: amount_gbp is the
 * takings, cost_gbp the item's purchase price at the moment of sale, so profit survives later changes.
 */
export class ItemSalesRepository {
  constructor(private readonly db: Queryable) {}

  async insert(sale: NewItemSale): Promise<{ id: number; amountGbp: string; costGbp: string }> {
    const rows = await this.db.query<{ id: string; amount_gbp: string; cost_gbp: string }>(
      `INSERT INTO sales (shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp,
                          payment_method, client_id, sale_date, notes, created_by, created_at)
       SELECT $1, i.id, $3, $4::numeric, $5, $6::numeric, round($4::numeric * $6::numeric, 2), i.purchase_price,
              $7, $8, $9::date, $10, $11, $12
         FROM items i WHERE i.shop_id = $1 AND i.id = $2
       RETURNING id, amount_gbp::text AS amount_gbp, cost_gbp::text AS cost_gbp`,
      [
        sale.shopId,
        sale.itemId,
        sale.name,
        sale.amount,
        sale.currency,
        sale.exchangeRate,
        sale.paymentMethod,
        sale.clientId,
        sale.date,
        sale.notes,
        sale.userId,
        sale.at,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error(`item ${sale.itemId} is not in shop ${sale.shopId}`);
    return { id: Number(row.id), amountGbp: row.amount_gbp, costGbp: row.cost_gbp };
  }
}
