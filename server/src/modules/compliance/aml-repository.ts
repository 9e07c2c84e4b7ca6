import type { AmlEvent, AmlOutcome, AmlPaymentKind, CddMissing, Currency } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** The EUR/GBP rate when the shop has no settings row yet (the column's default, migration 013). */
export const DEFAULT_EUR_GBP_RATE = '0.85';

/** A client's due diligence as the guard reads it, under the client row's lock. */
export interface CddState {
  name: string;
  kyc: boolean;
  verified: boolean;
}

export interface NewAmlEvent {
  shopId: number;
  outcome: AmlOutcome;
  kind: AmlPaymentKind;
  clientId: number | null;
  clientName: string;
  itemId: number | null;
  saleId: number | null;
  ledgerEntryId: number | null;
  dealId: number | null;
  description: string;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  amountEur: string;
  linkedTotalEur: string;
  eurGbpRate: string;
  missing: CddMissing[];
  date: string;
  userId: number | null;
  at: Date;
}

export interface AmlEventFilter {
  fromDay?: string;
  toDay?: string;
  outcome?: AmlOutcome;
}

interface Row {
  id: string;
  outcome: AmlOutcome;
  kind: AmlPaymentKind;
  client_id: number | null;
  client_name: string;
  item_id: number | null;
  sale_id: string | null;
  deal_id: string | null;
  ledger_entry_id: string | null;
  description: string;
  amount: string;
  currency: Currency;
  exchange_rate: string;
  amount_gbp: string;
  amount_eur: string;
  linked_total_eur: string;
  eur_gbp_rate: string;
  missing: CddMissing[] | string;
  entry_date: string;
  created_by_name: string | null;
  created_at: Date | string;
}

const COLUMNS = `id::text AS id, outcome, kind, client_id, client_name, item_id, sale_id::text AS sale_id,
  deal_id::text AS deal_id,
  ledger_entry_id::text AS ledger_entry_id, description, amount::text AS amount, currency,
  exchange_rate::text AS exchange_rate, amount_gbp::text AS amount_gbp, amount_eur::text AS amount_eur,
  linked_total_eur::text AS linked_total_eur, eur_gbp_rate::text AS eur_gbp_rate, missing,
  entry_date::text AS entry_date, created_by_name, created_at`;

const toEvent = (r: Row): AmlEvent => ({
  id: Number(r.id),
  outcome: r.outcome,
  kind: r.kind,
  clientId: r.client_id,
  clientName: r.client_name,
  itemId: r.item_id,
  saleId: r.sale_id === null ? null : Number(r.sale_id),
  dealId: r.deal_id === null ? null : Number(r.deal_id),
  ledgerEntryId: r.ledger_entry_id === null ? null : Number(r.ledger_entry_id),
  description: r.description,
  amount: Number(r.amount),
  currency: r.currency,
  exchangeRate: Number(r.exchange_rate),
  amountGbp: Number(r.amount_gbp),
  amountEur: Number(r.amount_eur),
  linkedTotalEur: Number(r.linked_total_eur),
  eurGbpRate: Number(r.eur_gbp_rate),
  missing: typeof r.missing === 'string' ? (JSON.parse(r.missing) as CddMissing[]) : r.missing,
  date: r.entry_date,
  createdBy: r.created_by_name,
  createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString(),
});

function where(shopId: number, filter: AmlEventFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [shopId];
  const clauses = ['shop_id = $1'];
  if (filter.fromDay !== undefined) {
    params.push(filter.fromDay);
    clauses.push(`entry_date >= $${params.length}::date`);
  }
  if (filter.toDay !== undefined) {
    params.push(filter.toDay);
    clauses.push(`entry_date <= $${params.length}::date`);
  }
  if (filter.outcome !== undefined) {
    params.push(filter.outcome);
    clauses.push(`outcome = $${params.length}`);
  }
  return { sql: clauses.join(' AND '), params };
}

/**
 * What the AML cash guard reads and writes: the shop's EUR/GBP rate, a client's due diligence (locking the
 * client's row), the client's standing cash payments of the last 90 days, and the events of the report.
 */
export class AmlRepository {
  constructor(private readonly db: Queryable) {}

  /** shop_settings.aml_eur_gbp_rate, or the default while the shop has no settings row. */
  async eurGbpRate(shopId: number): Promise<string> {
    const rows = await this.db.query<{ rate: string }>(
      'SELECT aml_eur_gbp_rate::text AS rate FROM shop_document_settings WHERE shop_id = $1',
      [shopId],
    );
    return rows[0]?.rate ?? DEFAULT_EUR_GBP_RATE;
  }

  /**
   * The client's due diligence, its row locked (SELECT … FOR UPDATE) until the transaction ends: two cash
   * payments of one client are checked one after the other, the second seeing the first once it committed.
   * null when the client is not this shop's.
   */
  async lockCdd(shopId: number, clientId: number): Promise<CddState | null> {
    const rows = await this.db.query<{ name: string; verified: boolean }>(
      `SELECT name, cdd_verified_on IS NOT NULL AS verified FROM client_directory WHERE shop_id = $1 AND id = $2 FOR UPDATE`,
      [shopId, clientId],
    );
    const row = rows[0];
    if (!row) return null;
    const kyc = await this.db.query<{ n: number }>(
      'SELECT documents_on_file AS n FROM client_directory WHERE id = $1',
      [clientId],
    );
    return { name: row.name, kyc: (kyc[0]?.n ?? 0) > 0, verified: row.verified };
  }

  /**
   * The exact GBP sum (amount × rate, unrounded) of the client's standing cash payments dated `day` − 89 …
   * `day` in one direction. In: cash sales to the client outside deals (an item's Sell, a quick sale), cash
   * payments received at the Payment dialog, and the cash a deal took from the client (issue 20); out: the cash
   * paid to the client at the Payment dialog and by deals (a part-exchange paid out, a refund). Neither voided nor a reversal; a deal's payments
   * written in the caller's transaction (`excludePaymentIds`) are the payment being checked, not linked ones.
   */
  async linkedCashGbp(
    shopId: number,
    clientId: number,
    day: string,
    linkDays: number,
    scope: { direction: 'in' | 'out'; excludePaymentIds: readonly number[] } = {
      direction: 'in',
      excludePaymentIds: [],
    },
  ): Promise<string> {
    const dealCash = `SELECT p.amount * p.exchange_rate FROM deal_payment_records p JOIN deal_records d ON d.id = p.deal_id
          WHERE p.shop_id = $1 AND d.client_id = $2 AND p.method = 'Cash' AND p.direction = $5
            AND p.reversal_of IS NULL AND p.payment_date BETWEEN $3::date - $4::int AND $3::date
            AND NOT (p.id = ANY($6::bigint[]))
            AND NOT EXISTS (SELECT 1 FROM deal_payment_records r WHERE r.reversal_of = p.id)`;
    // The Payment dialog's cash: received (amount > 0) links with the cash in, paid to the client (< 0) with the
    // cash out; an entry posted by a sale or a void (source set) is no payment of its own.
    const ledgerCash = `SELECT abs(l.amount) * l.exchange_rate FROM client_ledger_entries l
          WHERE l.shop_id = $1 AND l.client_id = $2 AND l.method = 'Cash' AND l.source IS NULL
            AND CASE WHEN $5 = 'in' THEN l.amount > 0 ELSE l.amount < 0 END
            AND l.reversal_of IS NULL AND l.entry_date BETWEEN $3::date - $4::int AND $3::date
            AND NOT EXISTS (SELECT 1 FROM client_ledger_entries r WHERE r.reversal_of = l.id)`;
    // Cash paid to the client for what the shop bought from them (issue 22, the purchases module's published
    // reads): linked with their other cash out; a voided purchase's payments are reversed and count no more.
    const purchaseCash = `SELECT p.amount * p.exchange_rate FROM purchase_payment_records p
           JOIN purchase_records pr ON pr.id = p.purchase_id
          WHERE p.shop_id = $1 AND pr.seller_client_id = $2 AND p.method = 'Cash' AND p.reversal_of IS NULL
            AND p.paid_on BETWEEN $3::date - $4::int AND $3::date
            AND NOT EXISTS (SELECT 1 FROM purchase_payment_records r WHERE r.reversal_of = p.id)`;
    const rows = await this.db.query<{ total: string }>(
      scope.direction === 'out'
        ? `SELECT coalesce(sum(gbp), 0)::text AS total
             FROM (${ledgerCash} UNION ALL ${dealCash} UNION ALL ${purchaseCash}) cash(gbp)`
        : `SELECT coalesce(sum(gbp), 0)::text AS total FROM (
         SELECT s.amount * s.exchange_rate AS gbp FROM sale_records s
          WHERE s.shop_id = $1 AND s.client_id = $2 AND s.payment_method = 'Cash' AND s.reversal_of IS NULL
            AND s.deal_id IS NULL
            AND s.sale_date BETWEEN $3::date - $4::int AND $3::date
            AND NOT EXISTS (SELECT 1 FROM sale_records r WHERE r.reversal_of = s.id)
         UNION ALL
         ${ledgerCash}
         UNION ALL
         ${dealCash}
       ) cash`,
      [shopId, clientId, day, linkDays - 1, scope.direction, scope.excludePaymentIds],
    );
    return rows[0]?.total ?? '0';
  }

  /**
   * This payment and the linked total in EUR, exactly, and whether either reaches the threshold (compared
   * unrounded, so €9,999.995 is under it). The figures kept for the report are rounded half-up to the cent
   * (PostgreSQL's round(numeric, 2); the amounts are never negative): £9,000 at 0.85 is €10,588.24, not
   * €10,588.23 (server/README.md, AML cash guard). A GBP value beyond what a sale or the ledger can store is no
   * payment at all: the writer answers its 400, so the guard leaves it alone.
   */
  async inEur(
    amount: string,
    exchangeRate: string,
    linkedGbp: string,
    eurGbpRate: string,
    threshold: number,
  ): Promise<{ amountEur: string; linkedTotalEur: string; over: boolean }> {
    const rows = await this.db.query<{ amount_eur: string; linked_eur: string; over: boolean }>(
      `SELECT round(a, 2)::text AS amount_eur, round(l, 2)::text AS linked_eur, (a >= $5::numeric OR l >= $5::numeric) AND $1::numeric * $2::numeric < 999999999999.995 AS over
         FROM (SELECT $1::numeric * $2::numeric / $4::numeric AS a,
                      ($3::numeric + $1::numeric * $2::numeric) / $4::numeric AS l) x`,
      [amount, exchangeRate, linkedGbp, eurGbpRate, threshold],
    );
    const row = rows[0] as { amount_eur: string; linked_eur: string; over: boolean };
    return { amountEur: row.amount_eur, linkedTotalEur: row.linked_eur, over: row.over };
  }

  async insert(e: NewAmlEvent): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO aml_events (shop_id, outcome, kind, client_id, client_name, item_id, sale_id, ledger_entry_id,
         description, amount, currency, exchange_rate, amount_gbp, amount_eur, linked_total_eur, eur_gbp_rate,
         missing, entry_date, created_by, created_by_name, created_at, deal_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11, $12::numeric,
         round($10::numeric * $12::numeric, 2), $13::numeric, $14::numeric, $15::numeric, $16::jsonb, $17::date,
         $18, (SELECT username FROM user_directory WHERE id = $18), $19, $20)
       RETURNING id::text AS id`,
      [
        e.shopId,
        e.outcome,
        e.kind,
        e.clientId,
        e.clientName.slice(0, 200),
        e.itemId,
        e.saleId,
        e.ledgerEntryId,
        e.description.slice(0, 300),
        e.amount,
        e.currency,
        e.exchangeRate,
        e.amountEur,
        e.linkedTotalEur,
        e.eurGbpRate,
        JSON.stringify(e.missing),
        e.date,
        e.userId,
        e.at,
        e.dealId,
      ],
    );
    return Number((rows[0] as { id: string }).id);
  }

  async count(shopId: number, filter: AmlEventFilter): Promise<number> {
    const { sql, params } = where(shopId, filter);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM aml_events WHERE ${sql}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  /** Newest first. */
  async page(shopId: number, filter: AmlEventFilter, limit: number, offset: number): Promise<AmlEvent[]> {
    const { sql, params } = where(shopId, filter);
    const n = params.length;
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM aml_events WHERE ${sql}
        ORDER BY created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    );
    return rows.map(toEvent);
  }

  /** Every matching event, newest first, a page at a time (for the CSV stream). */
  async *each(shopId: number, filter: AmlEventFilter, size = 500): AsyncGenerator<AmlEvent> {
    for (let offset = 0; ; offset += size) {
      const page = await this.page(shopId, filter, size, offset);
      yield* page;
      if (page.length < size) return;
    }
  }
}
