import type { Currency, LedgerEntry, VoidInfo } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';
import { voidsOf, type NewReversal } from '../../kernel/reversals';

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

interface EntryRecord {
  id: string;
  amount: string;
  currency: Currency;
  exchange_rate: string;
  amount_gbp: string;
  method: string;
  entry_date: string;
  note: string;
  source: string | null;
  source_id: string | null;
  created_at: Date | string;
  reversal_of: string | null;
}

const COLUMNS = `id::text AS id, amount::text AS amount, currency, exchange_rate::text AS exchange_rate,
  amount_gbp::text AS amount_gbp, method, entry_date::text AS entry_date, note, source,
  source_id::text AS source_id, created_at, reversal_of::text AS reversal_of`;

const toEntry = (r: EntryRecord, voided: VoidInfo | null = null): LedgerEntry => ({
  id: Number(r.id),
  direction: r.amount.startsWith('-') ? 'paid' : 'received',
  // numeric(20, 8) as text: at most 20 significant digits, of which the stored scale keeps 8; the values the
  // API accepts (≤ 12 whole digits, ≤ 8 decimals, trailing zeros dropped) read back as the number typed.
  amount: Number(r.amount),
  currency: r.currency,
  exchangeRate: Number(r.exchange_rate),
  amountGbp: moneyOut(r.amount_gbp),
  method: r.method,
  date: r.entry_date,
  note: r.note,
  source: r.source,
  sourceId: r.source_id === null ? null : Number(r.source_id),
  createdAt: new Date(r.created_at).toISOString(),
  voided,
  reversalOf: r.reversal_of === null ? null : Number(r.reversal_of),
});

/**
 * The client ledger (table client_ledger). `post` must run inside the caller's transaction: the entry and the
 * client's balance change together (clients.balance is the exact sum of amount_gbp), and the client row lock
 * orders concurrent postings. Entries are never written any other way.
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
    return {
      id: Number(row.id),
      amountGbp: row.amount_gbp,
      balance: (updated[0] as { balance: string }).balance,
    };
  }

  async count(shopId: number, clientId: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM client_ledger WHERE shop_id = $1 AND client_id = $2',
      [shopId, clientId],
    );
    return rows[0]?.n ?? 0;
  }

  /** Newest first: by the entry's date, then the order of entry. */
  async page(shopId: number, clientId: number, limit: number, offset: number): Promise<LedgerEntry[]> {
    const rows = await this.db.query<EntryRecord>(
      `SELECT ${COLUMNS} FROM client_ledger WHERE shop_id = $1 AND client_id = $2
        ORDER BY entry_date DESC, id DESC LIMIT $3 OFFSET $4`,
      [shopId, clientId, limit, offset],
    );
    return this.withVoids(rows);
  }

  async find(shopId: number, id: number): Promise<LedgerEntry | null> {
    const rows = await this.db.query<EntryRecord>(
      `SELECT ${COLUMNS} FROM client_ledger WHERE shop_id = $1 AND id = $2`,
      [shopId, id],
    );
    return (await this.withVoids(rows))[0] ?? null;
  }

  /** Entries with their voids (a reversal pointing at them), read in one query by the unique index. */
  private async withVoids(rows: EntryRecord[]): Promise<LedgerEntry[]> {
    const voids = await voidsOf(
      this.db,
      'client_ledger',
      rows.map((r) => r.id),
    );
    return rows.map((r) => toEntry(r, voids.get(r.id) ?? null));
  }

  /**
   * Posts the reversal of entry `originalId` of client `clientId` (opposite amount in the same currency and rate,
   * amount_gbp exactly the original's negated, so the GBP balance comes back to the penny), with the same method,
   * and moves the balance with it. Runs inside the caller's transaction, like `post`. → null when the entry is
   * not that client's.
   */
  async postReversal(clientId: number, reversal: NewReversal): Promise<PostedEntry | null> {
    const rows = await this.db.query<{ id: string; amount_gbp: string }>(
      `INSERT INTO client_ledger
         (shop_id, client_id, amount, currency, exchange_rate, amount_gbp, method, entry_date, note,
          source, source_id, created_by, created_at, reversal_of, void_reason, voided_by_name)
       SELECT shop_id, client_id, -amount, currency, exchange_rate, -amount_gbp, method, $4::date, $5,
              NULL, NULL, $6, $7, id, $8, (SELECT username FROM user_directory WHERE id = $6)
         FROM client_ledger WHERE shop_id = $1 AND client_id = $2 AND id = $3
       RETURNING id, amount_gbp::text AS amount_gbp`,
      [
        reversal.shopId,
        clientId,
        reversal.originalId,
        reversal.date,
        reversal.notes,
        reversal.userId,
        reversal.at,
        reversal.reason,
      ],
    );
    const row = rows[0];
    if (!row) return null;
    const updated = await this.db.query<{ balance: string }>(
      `UPDATE clients SET balance = balance + $3::numeric, updated_at = $4
        WHERE id = $1 AND shop_id = $2 RETURNING balance::text AS balance`,
      [clientId, reversal.shopId, row.amount_gbp, reversal.at],
    );
    if (updated.length === 0) throw new Error(`client ${clientId} is not in shop ${reversal.shopId}`);
    return {
      id: Number(row.id),
      amountGbp: row.amount_gbp,
      balance: (updated[0] as { balance: string }).balance,
    };
  }

  /** The client an entry of the shop belongs to, or null. */
  async clientOf(shopId: number, id: number): Promise<number | null> {
    const rows = await this.db.query<{ client_id: number }>(
      'SELECT client_id FROM client_ledger WHERE shop_id = $1 AND id = $2',
      [shopId, id],
    );
    return rows[0]?.client_id ?? null;
  }

  /** round2(amount × rate) as the ledger will store it, to validate before posting. */
  async gbpValue(amount: string, exchangeRate: string): Promise<string> {
    const rows = await this.db.query<{ v: string }>('SELECT round($1::numeric * $2::numeric, 2)::text AS v', [
      amount,
      exchangeRate,
    ]);
    return (rows[0] as { v: string }).v;
  }
}
