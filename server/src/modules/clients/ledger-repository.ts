import type { Queryable } from '../../db/database';
import type { Currency } from '../../kernel/money';

export interface LedgerPosting {
  shopId: number;
  clientId: number;
  /** Signed decimal string in `currency`: positive, the shop owes the client more; negative, less. */
  amount: string;
  currency: Currency;
  /** Decimal string: GBP per unit of `currency` (1 for GBP). */
  exchangeRate: string;
  method: string;
  /** YYYY-MM-DD */
  date: string;
  note: string;
  source?: { kind: string; id: number };
  userId: number | null;
  at: Date;
}

export interface PostedEntry {
  id: number;
  /** The GBP value of the entry, rounded to pence in the database. */
  amountGbp: string;
  /** The client's balance after the entry. */
  balance: string;
}

/**
 * The client ledger. `post` must run inside the caller's transaction: the entry and the client's balance
 * change together (clients.balance is the exact sum of amount_gbp), and the client row lock orders
 * concurrent postings.
 */
export class LedgerRepository {
  constructor(private readonly db: Queryable) {}

  async post(entry: LedgerPosting): Promise<PostedEntry> {
    const rows = await this.db.query<{ id: string; amount_gbp: string }>(
      `INSERT INTO client_ledger
         (shop_id, client_id, amount, currency, exchange_rate, amount_gbp, method, entry_date, note,
          source, source_id, created_by, created_at)
       VALUES ($1, $2, $3::numeric, $4, $5::numeric, round($3::numeric * $5::numeric, 2), $6, $7, $8,
               $9, $10, $11, $12)
       RETURNING id, amount_gbp::text AS amount_gbp`,
      [
        entry.shopId,
        entry.clientId,
        entry.amount,
        entry.currency,
        entry.exchangeRate,
        entry.method,
        entry.date,
        entry.note,
        entry.source?.kind ?? null,
        entry.source?.id ?? null,
        entry.userId,
        entry.at,
      ],
    );
    const row = rows[0] as { id: string; amount_gbp: string };
    const updated = await this.db.query<{ balance: string }>(
      `UPDATE clients SET balance = balance + $3::numeric, updated_at = $4
        WHERE id = $1 AND shop_id = $2 RETURNING balance::text AS balance`,
      [entry.clientId, entry.shopId, row.amount_gbp, entry.at],
    );
    if (updated.length === 0) throw new Error(`client ${entry.clientId} is not in shop ${entry.shopId}`);
    return { id: Number(row.id), amountGbp: row.amount_gbp, balance: (updated[0] as { balance: string }).balance };
  }
}
