import type { Queryable } from '../../db/database';

export interface NewCheckout {
  shopId: number;
  itemId: number;
  clientId: number;
  dueDate: string | null;
  note: string;
  /** GBP, the price agreed with the client (printed on the approval note); null when none was. */
  agreedPrice: string | null;
  userId: number;
  at: Date;
}

/** Items out on approval with a client. At most one open check-out per item (a partial unique index). */
export class CheckoutsRepository {
  constructor(private readonly db: Queryable) {}

  async open(checkout: NewCheckout): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO checkouts (shop_id, item_id, client_id, due_date, note, checked_out_by, checked_out_at,
                             agreed_price)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8::numeric) RETURNING id`,
      [
        checkout.shopId,
        checkout.itemId,
        checkout.clientId,
        checkout.dueDate,
        checkout.note,
        checkout.userId,
        checkout.at,
        checkout.agreedPrice,
      ],
    );
    return (rows[0] as { id: number }).id;
  }

  /** Ends the item's open check-out, if any: 'returned' to the shop or 'sold' to the client. */
  async close(
    itemId: number,
    outcome: 'returned' | 'sold',
    userId: number,
    at: Date,
  ): Promise<{ id: number; clientId: number } | null> {
    const rows = await this.db.query<{ id: number; client_id: number }>(
      `UPDATE checkouts SET returned_at = $2, returned_by = $3, outcome = $4
        WHERE item_id = $1 AND returned_at IS NULL RETURNING id, client_id`,
      [itemId, at, userId, outcome],
    );
    const row = rows[0];
    return row ? { id: row.id, clientId: row.client_id } : null;
  }

  /**
   * Reopens the check-out a sale closed (outcome 'sold', closed in the sale's own transaction, so at the instant the
   * sale was recorded), when a void takes the sale back: the item is out with the same client, due date and note
   * since the same day, as it was before the sale. → the check-out, or null when the sale closed none.
   */
  async reopenSold(itemId: number, saleRecordedAt: Date): Promise<{ id: number; clientId: number } | null> {
    const rows = await this.db.query<{ id: number; client_id: number }>(
      `UPDATE checkouts SET returned_at = NULL, returned_by = NULL, outcome = NULL
        WHERE id = (SELECT id FROM checkouts WHERE item_id = $1 AND outcome = 'sold' AND returned_at = $2
                     ORDER BY id DESC LIMIT 1)
        RETURNING id, client_id`,
      [itemId, saleRecordedAt],
    );
    const row = rows[0];
    return row ? { id: row.id, clientId: row.client_id } : null;
  }
}
