import type { ItemSale, PaymentMethod } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut, type Currency } from '../../kernel/money';
import { insertReversal, type NewReversal } from './sale-reversal';

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
  /** A walk-in buyer's name for the invoice ('' when none). */
  buyerName: string;
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
                          payment_method, client_id, sale_date, notes, created_by, created_at, buyer_name)
       SELECT $1, i.id, $3, $4::numeric, $5, $6::numeric, round($4::numeric * $6::numeric, 2), i.purchase_price,
              $7, $8, $9::date, $10, $11, $12, $13
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
        sale.buyerName,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error(`item ${sale.itemId} is not in shop ${sale.shopId}`);
    return { id: Number(row.id), amountGbp: row.amount_gbp, costGbp: row.cost_gbp };
  }

  /**
   * The item's latest sale that is not a reversal, whether it stands or was voided (`voided`), with the instant it
   * was recorded; null when the item was never sold. The row is not locked: the item's row lock, which every
   * action on the item takes first, orders a void against a sale and another void.
   */
  async latest(shopId: number, itemId: number): Promise<LatestSale | null> {
    const rows = await this.db.query<{
      id: string;
      amount_gbp: string;
      client_id: number | null;
      created_at: Date | string;
      voided: boolean;
    }>(
      `SELECT s.id::text AS id, s.amount_gbp::text AS amount_gbp, s.client_id, s.created_at,
              EXISTS (SELECT 1 FROM sales r WHERE r.reversal_of = s.id) AS voided
         FROM sales s WHERE s.shop_id = $1 AND s.item_id = $2 AND s.reversal_of IS NULL
        ORDER BY s.id DESC LIMIT 1`,
      [shopId, itemId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      amountGbp: row.amount_gbp,
      clientId: row.client_id,
      createdAt: new Date(row.created_at),
      voided: row.voided,
    };
  }

  /** Writes the reversal of sale `reversal.originalId`: its amounts and cost negated, on the day of the void. */
  async insertReversal(reversal: NewReversal): Promise<number> {
    return insertReversal(this.db, 'sales', reversal);
  }
}

export interface LatestSale {
  id: number;
  amountGbp: string;
  clientId: number | null;
  createdAt: Date;
  voided: boolean;
}

/**
 * The sale that stands on a sold item (Item.sale): its latest sale that is not a reversal and has none. An item
 * sold, voided and sold again has two sales; the second stands.
 */
export async function standingSale(db: Queryable, shopId: number, itemId: number): Promise<ItemSale | null> {
  const rows = await db.query<{
    id: string;
    day: string;
    amount: string;
    currency: Currency;
    exchange_rate: string;
    amount_gbp: string;
    payment_method: string;
    client_id: number | null;
    client_name: string | null;
    buyer_name: string;
    sold_by: string | null;
    invoice_id: string | null;
    invoice_reference: string | null;
  }>(
    `SELECT s.id::text AS id, s.sale_date::text AS day, trim_scale(s.amount)::text AS amount, s.currency,
            trim_scale(s.exchange_rate)::text AS exchange_rate, s.amount_gbp::text AS amount_gbp,
            s.payment_method, s.client_id, c.name AS client_name, s.buyer_name, u.username AS sold_by,
            inv.id::text AS invoice_id, inv.reference AS invoice_reference
       FROM sales s
       LEFT JOIN clients c ON c.id = s.client_id
       LEFT JOIN users u ON u.id = s.created_by
       LEFT JOIN invoices inv ON inv.sale_id = s.id
      WHERE s.shop_id = $1 AND s.item_id = $2 AND s.reversal_of IS NULL
        AND NOT EXISTS (SELECT 1 FROM sales r WHERE r.reversal_of = s.id)
      ORDER BY s.id DESC LIMIT 1`,
    [shopId, itemId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    date: r.day,
    price: moneyOut(r.amount),
    currency: r.currency,
    exchangeRate: moneyOut(r.exchange_rate),
    amountGbp: moneyOut(r.amount_gbp),
    paymentMethod: r.payment_method as PaymentMethod,
    clientId: r.client_id,
    clientName: r.client_name,
    buyerName: r.buyer_name,
    soldBy: r.sold_by,
    invoice:
      r.invoice_id === null ? null : { id: Number(r.invoice_id), reference: r.invoice_reference ?? '' },
  };
}
