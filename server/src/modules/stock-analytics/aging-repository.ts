import { AGED_STOCK_DAYS, type ConsignmentOverdue, type MemoOverdue } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';
import { notConsigned } from '../inventory';
import type { DayRange } from './stock-input';

/** How many overdue lines each list of the aging answer holds. */
export const OVERDUE_LIST_LIMIT = 50;

/** The dashboard's aged-stock figures (rules in contracts/src/stock-analytics.ts); every sum in numeric. */
export class AgingRepository {
  constructor(private readonly db: Queryable) {}

  /** Owned stock bought AGED_STOCK_DAYS or more days before `today`: count and purchase cost. */
  async over90(shopId: number, today: string): Promise<{ count: number; cost: number }> {
    const rows = await this.db.query<{ n: number; cost: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(purchase_price), 0)::text AS cost
         FROM stock_items i
        WHERE shop_id = $1 AND status <> 'sold' AND purchased_on <= $2::date - $3::int AND ${notConsigned()}`,
      [shopId, today, AGED_STOCK_DAYS],
    );
    const row = rows[0] as { n: number; cost: string };
    return { count: row.n, cost: moneyOut(row.cost) };
  }

  /** Mean days from purchase to sale over the standing item sales dated in the range, to 1 decimal. */
  async averageDaysToSell(
    shopId: number,
    range: DayRange,
  ): Promise<{ average: number | null; count: number }> {
    const rows = await this.db.query<{ n: number; average: string | null }>(
      `SELECT count(*)::int AS n, round(avg(greatest(s.sale_date - i.purchased_on, 0)), 1)::text AS average
         FROM sale_records s JOIN stock_items i ON i.id = s.item_id
        WHERE s.shop_id = $1 AND s.sale_date BETWEEN $2::date AND $3::date
          AND s.item_id IS NOT NULL AND s.reversal_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM sale_records r WHERE r.reversal_of = s.id)`,
      [shopId, range.from, range.to],
    );
    const row = rows[0] as { n: number; average: string | null };
    return { count: row.n, average: row.average === null ? null : Number(row.average) };
  }

  /** Open check-outs due before today, most overdue first. */
  async memoOverdue(shopId: number, today: string): Promise<{ lines: MemoOverdue[]; count: number }> {
    const where = `c.shop_id = $1 AND c.returned_at IS NULL AND c.due_date < $2::date`;
    const [rows, total] = await Promise.all([
      this.db.query<{
        checkout_id: number;
        item_id: number;
        serial: string;
        brand: string;
        model: string;
        client_id: number;
        client_name: string;
        due_date: string;
        days: number;
        agreed_price: string | null;
      }>(
        `SELECT c.id AS checkout_id, i.id AS item_id, i.serial, i.brand, i.model, c.client_id,
                cl.name AS client_name, c.due_date::text AS due_date, ($2::date - c.due_date)::int AS days,
                c.agreed_price::text AS agreed_price
           FROM stock_checkouts c JOIN stock_items i ON i.id = c.item_id JOIN client_directory cl ON cl.id = c.client_id
          WHERE ${where} ORDER BY c.due_date, c.id LIMIT $3`,
        [shopId, today, OVERDUE_LIST_LIMIT],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_checkouts c WHERE ${where}`, [
        shopId,
        today,
      ]),
    ]);
    return {
      count: total[0]?.n ?? 0,
      lines: rows.map((r) => ({
        checkoutId: r.checkout_id,
        itemId: r.item_id,
        serial: r.serial,
        brand: r.brand,
        model: r.model,
        clientId: r.client_id,
        clientName: r.client_name,
        dueDate: r.due_date,
        daysOverdue: r.days,
        agreedPrice: r.agreed_price === null ? null : moneyOut(r.agreed_price),
      })),
    };
  }

  /** Consignment items neither returned nor sold whose return-by day is before today. */
  async consignmentOverdue(
    shopId: number,
    today: string,
  ): Promise<{ lines: ConsignmentOverdue[]; count: number }> {
    const where = `co.shop_id = $1 AND co.returned_at IS NULL AND co.return_by < $2::date AND i.status <> 'sold'`;
    const [rows, total] = await Promise.all([
      this.db.query<{
        item_id: number;
        serial: string;
        brand: string;
        model: string;
        supplier_id: number;
        supplier_name: string;
        return_by: string;
        days: number;
        agreed_cost: string;
      }>(
        `SELECT i.id AS item_id, i.serial, i.brand, i.model, co.supplier_id, sup.name AS supplier_name,
                co.return_by::text AS return_by, ($2::date - co.return_by)::int AS days,
                co.agreed_cost::text AS agreed_cost
           FROM stock_consignments co JOIN stock_items i ON i.id = co.item_id JOIN client_directory sup ON sup.id = co.supplier_id
          WHERE ${where} ORDER BY co.return_by, i.id LIMIT $3`,
        [shopId, today, OVERDUE_LIST_LIMIT],
      ),
      this.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM stock_consignments co JOIN stock_items i ON i.id = co.item_id WHERE ${where}`,
        [shopId, today],
      ),
    ]);
    return {
      count: total[0]?.n ?? 0,
      lines: rows.map((r) => ({
        itemId: r.item_id,
        serial: r.serial,
        brand: r.brand,
        model: r.model,
        supplierId: r.supplier_id,
        supplierName: r.supplier_name,
        returnBy: r.return_by,
        daysOverdue: r.days,
        agreedCost: moneyOut(r.agreed_cost),
      })),
    };
  }
}
