import type { Queryable } from '../../db/database';

export interface NewConsignment {
  shopId: number;
  itemId: number;
  supplierId: number;
  /** Decimal string, GBP. */
  agreedCost: string;
  returnBy: string | null;
  supplierRef: string;
  receivedOn: string;
}

export interface ConsignmentRecord {
  supplierId: number;
  agreedCost: string;
  payableEntryId: number | null;
  returnedAt: Date | null;
}

/**
 * Items received on consignment (issue 14, migration 015): the terms, the payable posted when one sells, and
 * its return to the supplier. Every call runs under the item's row lock, taken first by the service.
 */
export class ConsignmentsRepository {
  constructor(private readonly db: Queryable) {}

  /** Records the terms and makes the agreed cost the item's purchase price: its sale's cost of goods. */
  async insert(c: NewConsignment): Promise<void> {
    await this.db.query(
      `INSERT INTO consignments (item_id, shop_id, supplier_id, agreed_cost, return_by, supplier_ref, received_on)
       VALUES ($1, $2, $3, $4::numeric, $5::date, $6, $7::date)`,
      [c.itemId, c.shopId, c.supplierId, c.agreedCost, c.returnBy, c.supplierRef, c.receivedOn],
    );
    await this.db.query('UPDATE items SET purchase_price = $3::numeric WHERE shop_id = $1 AND id = $2', [
      c.shopId,
      c.itemId,
      c.agreedCost,
    ]);
  }

  async find(shopId: number, itemId: number): Promise<ConsignmentRecord | null> {
    const rows = await this.db.query<{
      supplier_id: number;
      agreed_cost: string;
      payable_entry_id: string | null;
      returned_at: Date | null;
    }>(
      `SELECT supplier_id, agreed_cost::text AS agreed_cost, payable_entry_id::text AS payable_entry_id, returned_at
         FROM consignments WHERE shop_id = $1 AND item_id = $2`,
      [shopId, itemId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      supplierId: row.supplier_id,
      agreedCost: row.agreed_cost,
      payableEntryId: row.payable_entry_id === null ? null : Number(row.payable_entry_id),
      returnedAt: row.returned_at,
    };
  }

  /** The ledger entry of the payable that stands (the sale's), or null once its sale is voided. */
  async setPayable(shopId: number, itemId: number, entryId: number | null): Promise<void> {
    await this.db.query('UPDATE consignments SET payable_entry_id = $3 WHERE shop_id = $1 AND item_id = $2', [
      shopId,
      itemId,
      entryId,
    ]);
  }

  async markReturned(shopId: number, itemId: number, userId: number, note: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE consignments SET returned_at = $3, returned_by = $4, return_note = $5
        WHERE shop_id = $1 AND item_id = $2`,
      [shopId, itemId, at, userId, note],
    );
  }
}
