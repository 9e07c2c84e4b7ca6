import type { QuickSale } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import {
  dayBounds,
  entryColumns,
  entryOut,
  type DateFilter,
  type EntryRow,
  type NewFinanceEntry,
} from './expenses-repository';

/**
 * Quick sales: rows of `sales` without a stock item (inventory's Sell writes the ones with an item). No cost:
 * the whole amount counts as takings and as gross profit.
 */
export class QuickSalesRepository {
  constructor(private readonly db: Queryable) {}

  async insert(entry: NewFinanceEntry): Promise<QuickSale> {
    const rows = await this.db.query<EntryRow>(
      `INSERT INTO sales (shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp,
                          payment_method, client_id, sale_date, notes, created_by, created_at)
       VALUES ($1, NULL, $2, $3::numeric, $4, $5::numeric, round($3::numeric * $5::numeric, 2), NULL, $6, NULL,
               $8::date, $7, $9, $10)
       RETURNING ${entryColumns('sale_date')}`,
      [
        entry.shopId,
        entry.name,
        entry.amount,
        entry.currency,
        entry.exchangeRate,
        entry.paymentMethod,
        entry.notes,
        entry.date,
        entry.userId,
        entry.at,
      ],
    );
    return toQuickSale(rows[0] as EntryRow);
  }

  async count(shopId: number, filter: DateFilter): Promise<number> {
    const params: unknown[] = [shopId];
    const where = dayBounds('sale_date', filter, params);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sales WHERE shop_id = $1 AND item_id IS NULL${where}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  /** Newest first: by day, then the latest saved. */
  async list(shopId: number, filter: DateFilter, limit: number, offset: number): Promise<QuickSale[]> {
    const params: unknown[] = [shopId];
    const where = dayBounds('sale_date', filter, params);
    params.push(limit, offset);
    const rows = await this.db.query<EntryRow>(
      `SELECT ${entryColumns('sale_date')} FROM sales WHERE shop_id = $1 AND item_id IS NULL${where}
        ORDER BY sale_date DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map(toQuickSale);
  }
}

const toQuickSale = (row: EntryRow): QuickSale => ({ ...entryOut(row), sale_date: row.day });
