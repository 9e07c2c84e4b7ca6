import { RETENTION_YEARS, type RetentionClient } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

// The retention clock of a client (issue 25 item 3). Money Laundering Regulations 2017, reg. 40(3)-(5): the
// customer due diligence records and the records of transactions are kept for five years beginning on the day
// the business relationship ends (for an occasional transaction: the day it completed), and then deleted unless
// the person agreed otherwise or a court or law-enforcement order applies (reg. 40(5)); UK GDPR Art. 5(1)(e)
// asks the same of personal data (kept no longer than necessary).
//
// The relationship ends at the client's last transaction of any kind: a payment or charge on the ledger, a sale,
// a deal or one of its payments, a check-out or its return, a purchase from the client, an invoice, a workshop
// job's last move (a piece in the shop's care is a live relationship). A client who
// never transacted is dated by the record itself: its creation, its identity verification or its last KYC paper,
// whichever is latest. Everything is read through the published views of the modules that own it.

/** The last transaction per client of a shop ($1), through the owners' published views. */
const LAST_TRANSACTION = `
  SELECT client_id, max(day) AS last_on FROM (
    SELECT client_id, entry_date AS day FROM client_ledger_entries WHERE shop_id = $1
    UNION ALL
    SELECT client_id, sale_date FROM sale_records WHERE shop_id = $1 AND client_id IS NOT NULL
    UNION ALL
    SELECT client_id, deal_date FROM deal_records WHERE shop_id = $1 AND client_id IS NOT NULL
    UNION ALL
    SELECT d.client_id, p.payment_date FROM deal_payment_records p JOIN deal_records d ON d.id = p.deal_id
     WHERE p.shop_id = $1 AND d.client_id IS NOT NULL
    UNION ALL
    SELECT client_id, (greatest(checked_out_at, returned_at) AT TIME ZONE (SELECT timezone FROM shop_directory WHERE id = $1))::date
      FROM stock_checkouts WHERE shop_id = $1 AND client_id IS NOT NULL
    UNION ALL
    SELECT seller_client_id, purchased_on FROM purchase_records WHERE shop_id = $1 AND seller_client_id IS NOT NULL
    UNION ALL
    SELECT client_id, issue_date FROM invoice_records WHERE shop_id = $1 AND client_id IS NOT NULL
    UNION ALL
    SELECT client_id, (stage_since AT TIME ZONE (SELECT timezone FROM shop_directory WHERE id = $1))::date
      FROM workshop_jobs WHERE shop_id = $1 AND client_id IS NOT NULL
  ) t GROUP BY client_id`;

interface Row {
  id: number;
  name: string;
  last_on: string | null;
  retain_until: string;
  hold_reason: string | null;
  hold_by: string | null;
  hold_at: Date | string | null;
  erased_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toClient = (row: Row, today: string): RetentionClient => ({
  clientId: Number(row.id),
  name: row.name,
  lastTransactionOn: row.last_on,
  retainUntil: row.retain_until,
  due: row.retain_until <= today,
  hold:
    row.hold_reason === null
      ? null
      : { reason: row.hold_reason, setBy: row.hold_by ?? '', setAt: iso(row.hold_at as Date | string) },
  erasedAt: row.erased_at === null ? null : iso(row.erased_at),
});

export interface NewHold {
  shopId: number;
  clientId: number;
  reason: string;
  userId: number;
  at: Date;
}

/** Retention clocks, legal holds and the record of clients erased (client_legal_holds, client_erasures). */
export class RetentionRepository {
  constructor(private readonly db: Queryable) {}

  private async rows(shopId: number, where: string, params: unknown[]): Promise<Row[]> {
    return this.db.query<Row>(
      `WITH last AS (${LAST_TRANSACTION})
       SELECT c.id, c.name, l.last_on::text AS last_on,
              ((coalesce(l.last_on,
                         greatest((r.created_at AT TIME ZONE (SELECT timezone FROM shop_directory WHERE id = $1))::date,
                                  r.cdd_verified_on,
                                  (r.last_document_at AT TIME ZONE (SELECT timezone FROM shop_directory WHERE id = $1))::date))
                + interval '${RETENTION_YEARS} years')::date)::text AS retain_until,
              h.reason AS hold_reason, h.set_by_name AS hold_by, h.set_at AS hold_at, e.erased_at
         FROM client_directory c
         JOIN client_record_dates r ON r.id = c.id
         LEFT JOIN last l ON l.client_id = c.id
         LEFT JOIN client_legal_holds h ON h.client_id = c.id
         LEFT JOIN client_erasures e ON e.client_id = c.id
        WHERE c.shop_id = $1 ${where}
        ORDER BY retain_until, c.id`,
      [shopId, ...params],
    );
  }

  /** One client's clock; null when the shop has no such client. */
  async clock(shopId: number, clientId: number, today: string): Promise<RetentionClient | null> {
    const [row] = await this.rows(shopId, 'AND c.id = $2', [clientId]);
    return row ? toClient(row, today) : null;
  }

  /** The clients of these ids (of the shop), locked against a concurrent edit of their hold or erasure. */
  async clocks(shopId: number, clientIds: number[], today: string): Promise<RetentionClient[]> {
    const rows = await this.rows(shopId, 'AND c.id = ANY($2::int[])', [clientIds]);
    return rows.map((row) => toClient(row, today));
  }

  /** The clients whose retention is over and who are still on file, oldest first (held ones included). */
  async due(shopId: number, today: string): Promise<RetentionClient[]> {
    const rows = await this.rows(shopId, 'AND e.client_id IS NULL', []);
    return rows.map((row) => toClient(row, today)).filter((c) => c.due);
  }

  /** Places a hold; false when the client already has one. */
  async hold(hold: NewHold): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO client_legal_holds (client_id, shop_id, reason, set_by, set_by_name, set_at)
       VALUES ($1, $2, $3, $4, (SELECT username FROM user_directory WHERE id = $4), $5)
       ON CONFLICT (client_id) DO NOTHING RETURNING client_id`,
      [hold.clientId, hold.shopId, hold.reason, hold.userId, hold.at],
    );
    return rows.length === 1;
  }

  /** Lifts a hold; the reason it had, or null when there was none. */
  async release(shopId: number, clientId: number): Promise<string | null> {
    const rows = await this.db.query<{ reason: string }>(
      'DELETE FROM client_legal_holds WHERE shop_id = $1 AND client_id = $2 RETURNING reason',
      [shopId, clientId],
    );
    return rows[0]?.reason ?? null;
  }

  async recordErasure(
    shopId: number,
    clientId: number,
    lastTransactionOn: string | null,
    userId: number,
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO client_erasures (client_id, shop_id, last_transaction_on, erased_by, erased_by_name, erased_at)
       VALUES ($1, $2, $3::date, $4, (SELECT username FROM user_directory WHERE id = $4), $5)`,
      [clientId, shopId, lastTransactionOn, userId, at],
    );
  }

  /** The last VAT record (invoice) of a client: its six years run from there (HMRC VAT Notice 700/21, 3.1). */
  async lastInvoiceOn(shopId: number, clientId: number): Promise<string | null> {
    const rows = await this.db.query<{ day: string | null }>(
      'SELECT max(issue_date)::text AS day FROM invoice_records WHERE shop_id = $1 AND client_id = $2',
      [shopId, clientId],
    );
    return rows[0]?.day ?? null;
  }

  /** Serialises the decisions about one client (a hold against a deletion, two erasure requests). */
  async lock(clientId: number): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock(1919250529, $1::int)', [clientId]);
  }
}
