import type { Currency, Expense, PaymentMethod, QuickSale, VoidInfo } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';
import { insertReversal, voidsOf, type NewReversal, type ReversalTarget } from '../../kernel/reversals';

/** An expense or quick sale as the routes hand it over: decimals as canonical strings, already validated. */
export interface NewFinanceEntry {
  shopId: number;
  name: string;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  paymentMethod: PaymentMethod;
  notes: string;
  date: string;
  userId: number;
  at: Date;
  /** A quick sale's buyer (issue 13): a client of the shop, or a walk-in's name. */
  clientId?: number | null;
  buyerName?: string;
}

/** Inclusive day bounds (YYYY-MM-DD) of a list; either may be absent. */
export interface DateFilter {
  from?: string;
  to?: string;
}

export interface EntryRow {
  id: string;
  name: string;
  amount: string;
  currency: string;
  exchange_rate: string;
  amount_gbp: string;
  payment_method: string;
  notes: string;
  day: string;
  /** The original's id on a reversal row (010), null otherwise. */
  reversal_of: string | null;
}

/** What a quick sale reads besides the entry's columns: its buyer and its invoice (issue 13). */
interface QuickSaleRow extends EntryRow {
  client_id: number | null;
  client_name: string | null;
  buyer_name: string;
  invoice_id: string | null;
  invoice_reference: string | null;
}

/**
 * The columns every finance entry is read back with. BTC amounts keep up to 8 decimals, the others are shown
 * with their 2; trim_scale drops the zeros numeric(20, 8) pads with, so the JSON number is what was typed.
 */
export const entryColumns = (dayColumn: string) => `id::text AS id, name, trim_scale(amount)::text AS amount,
  currency, trim_scale(exchange_rate)::text AS exchange_rate, amount_gbp::text AS amount_gbp, payment_method,
  notes, ${dayColumn}::text AS day, reversal_of::text AS reversal_of`;

export const entryOut = (row: EntryRow) => ({
  id: Number(row.id),
  name: row.name,
  amount: moneyOut(row.amount),
  currency: row.currency as Currency,
  exchangeRate: moneyOut(row.exchange_rate),
  amountGbp: moneyOut(row.amount_gbp),
  payment_method: row.payment_method as PaymentMethod,
  notes: row.notes,
});

const reversalOf = (row: EntryRow) => (row.reversal_of === null ? null : Number(row.reversal_of));

/** `$n` placeholders for the optional day bounds, appended after `params`. */
export function dayBounds(column: string, filter: DateFilter, params: unknown[]): string {
  let sql = '';
  if (filter.from !== undefined) {
    params.push(filter.from);
    sql += ` AND ${column} >= $${params.length}::date`;
  }
  if (filter.to !== undefined) {
    params.push(filter.to);
    sql += ` AND ${column} <= $${params.length}::date`;
  }
  return sql;
}

/**
 * Expenses and quick sales: the same values, day filter and paging, each over its own table. `rows` is the
 * FROM and WHERE that select this kind's rows of a shop ($1); `insertSql` takes NewFinanceEntry's values in
 * the order `insert` passes them.
 */
abstract class EntryTable<T> {
  protected abstract readonly rows: string;
  protected abstract readonly dayColumn: string;
  /** The table, for the reversals (010) that void its rows. */
  protected abstract readonly table: 'expenses' | 'sale_records';
  protected abstract toEntry(row: EntryRow, voided: VoidInfo | null): T;
  /** Columns this kind reads besides entryColumns (a leading comma), e.g. a quick sale's buyer. */
  protected readonly extraColumns: string = '';

  constructor(protected readonly db: Queryable) {}

  /** insertSql's values; a kind whose statement takes more appends them. */
  protected insertParams(entry: NewFinanceEntry): unknown[] {
    return [
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
    ];
  }

  async count(shopId: number, filter: DateFilter): Promise<number> {
    const params: unknown[] = [shopId];
    const where = dayBounds(this.dayColumn, filter, params);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.rows}${where}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  /** Newest first: by day, then the latest saved. */
  async list(shopId: number, filter: DateFilter, limit: number, offset: number): Promise<T[]> {
    const params: unknown[] = [shopId];
    const where = dayBounds(this.dayColumn, filter, params);
    params.push(limit, offset);
    const rows = await this.db.query<EntryRow>(
      `SELECT ${entryColumns(this.dayColumn)}${this.extraColumns} FROM ${this.rows}${where}
        ORDER BY ${this.dayColumn} DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    // The page's voids in one read by the reversals' unique index; order and paging are the rows' own.
    const voids = await voidsOf(
      this.db,
      this.table,
      rows.map((row) => row.id),
    );
    return rows.map((row) => this.toEntry(row, voids.get(row.id) ?? null));
  }

  /** One entry of this kind in the shop (the row locked when asked: a void holds it while it reverses it). */
  async find(shopId: number, id: number, lock = false): Promise<T | null> {
    const rows = await this.db.query<EntryRow>(
      `SELECT ${entryColumns(this.dayColumn)}${this.extraColumns} FROM ${this.rows} AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [shopId, id],
    );
    const row = rows[0];
    if (!row) return null;
    const voids = await voidsOf(this.db, this.table, [row.id]);
    return this.toEntry(row, voids.get(row.id) ?? null);
  }
}

/** Expenses (Add Expense, Expense List). amount_gbp = round(amount × exchange_rate, 2), fixed when saved. */
export class ExpensesRepository extends EntryTable<Expense> {
  protected readonly rows = 'expenses WHERE shop_id = $1';
  protected readonly table = 'expenses';
  protected readonly dayColumn = 'expense_date';
  protected readonly reversal: ReversalTarget = {
    table: 'expenses',
    columns: 'shop_id, name, amount, currency, exchange_rate, amount_gbp, payment_method',
    negated: ['amount', 'amount_gbp'],
    dayColumn: 'expense_date',
  };
  protected readonly insertSql = `INSERT INTO expenses (shop_id, name, amount, currency, exchange_rate, amount_gbp,
      payment_method, notes, expense_date, created_by, created_at)
    VALUES ($1, $2, $3::numeric, $4, $5::numeric, round($3::numeric * $5::numeric, 2), $6, $7, $8::date, $9, $10)`;

  protected toEntry(row: EntryRow, voided: VoidInfo | null): Expense {
    return { ...entryOut(row), expense_date: row.day, voided, reversalOf: reversalOf(row) };
  }

  async insert(entry: NewFinanceEntry): Promise<Expense> {
    const rows = await this.db.query<EntryRow>(
      `${this.insertSql} RETURNING ${entryColumns(this.dayColumn)}${this.extraColumns}`,
      this.insertParams(entry),
    );
    return this.toEntry(rows[0] as EntryRow, null);
  }

  /** Writes the reversal of expense `reversal.originalId` (opposite amounts, on `reversal.date`); → its id. */
  async insertReversal(reversal: NewReversal): Promise<number> {
    return insertReversal(this.db, this.reversal, reversal);
  }
}

/**
 * Quick sales, as the finance screens read them: rows of `sales` without a stock item. The sales module writes
 * them (recordQuickSale, issue 20). No cost: the whole amount counts as takings and as gross profit.
 */
export class QuickSalesRepository extends EntryTable<QuickSale> {
  // A deal's "other" lines (a strap, a service) are sales without an item too, but not quick sales: only the
  // one-line deals made by the quick sale form (origin 'quick_sale') and quick sales from before deals are.
  protected readonly rows = `sale_records sales WHERE shop_id = $1 AND item_id IS NULL
    AND (deal_id IS NULL OR deal_id IN (SELECT d.id FROM deal_records d WHERE d.origin = 'quick_sale'))`;
  protected readonly table = 'sale_records';
  protected readonly dayColumn = 'sale_date';

  protected override readonly extraColumns = `, client_id,
    (SELECT c.name FROM client_directory c WHERE c.id = sales.client_id) AS client_name, buyer_name,
    (SELECT inv.id::text FROM invoice_records inv WHERE inv.sale_id = sales.id) AS invoice_id,
    (SELECT inv.reference FROM invoice_records inv WHERE inv.sale_id = sales.id) AS invoice_reference`;

  protected toEntry(entry: EntryRow, voided: VoidInfo | null): QuickSale {
    const row = entry as QuickSaleRow;
    return {
      ...entryOut(row),
      sale_date: row.day,
      voided,
      reversalOf: reversalOf(row),
      clientId: row.client_id,
      clientName: row.client_name,
      buyerName: row.buyer_name,
      invoice:
        row.invoice_id === null
          ? null
          : { id: Number(row.invoice_id), reference: row.invoice_reference ?? '' },
    };
  }
}
