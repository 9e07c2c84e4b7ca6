import type { ItemSale, PaymentMethod } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut, type Currency } from '../../kernel/money';

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
       FROM sale_records s
       LEFT JOIN client_directory c ON c.id = s.client_id
       LEFT JOIN user_directory u ON u.id = s.created_by
       LEFT JOIN invoice_records inv ON inv.sale_id = s.id
      WHERE s.shop_id = $1 AND s.item_id = $2 AND s.reversal_of IS NULL
        AND NOT EXISTS (SELECT 1 FROM sale_records r WHERE r.reversal_of = s.id)
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
