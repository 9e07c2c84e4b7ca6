import type { SuspicionDecisionChoice, SuspicionSubject } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** A report as the register reads it (suspicion_reports with the names of those involved). */
export interface SuspicionRow {
  id: number;
  number: number;
  subject: SuspicionSubject;
  subject_id: number;
  subject_name: string;
  client_id: number | null;
  client_name: string | null;
  grounds: string;
  reported_by: string | null;
  reported_at: Date;
  decision: SuspicionDecisionChoice | null;
  nca_reference: string | null;
  disclosed_on: string | null;
  notes: string;
  decided_by: string | null;
  decided_at: Date | null;
}

export interface NewSuspicion {
  shopId: number;
  subject: SuspicionSubject;
  subjectId: number;
  subjectName: string;
  clientId: number | null;
  grounds: string;
  reportedBy: number;
  at: Date;
}

export interface SuspicionDecisionValues {
  decision: SuspicionDecisionChoice;
  ncaReference: string | null;
  disclosedOn: string | null;
  notes: string;
  decidedBy: number;
  at: Date;
}

/** The reports' counts of a period, for the annual compliance summary: no names, no grounds. */
export interface SuspicionCounts {
  raised: number;
  disclosed: number;
}

const ROW = `r.id, r.number, r.subject, r.subject_id, r.subject_name, r.client_id,
  (SELECT c.name FROM client_directory c WHERE c.id = r.client_id AND c.shop_id = r.shop_id) AS client_name,
  r.grounds, (SELECT u.username FROM user_directory u WHERE u.id = r.reported_by) AS reported_by, r.reported_at,
  r.decision, r.nca_reference, to_char(r.disclosed_on, 'YYYY-MM-DD') AS disclosed_on, r.notes,
  (SELECT u.username FROM user_directory u WHERE u.id = r.decided_by) AS decided_by, r.decided_at`;

/**
 * Internal suspicious activity reports (POCA 2002 s.330/331, MLR 2017 reg. 21(5)): the compliance module's
 * table, which only the nominated officer's routes read (suspicion-routes.ts).
 */
export class SuspicionRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The subject of a report in this shop, as staff name it, with the client it concerns; null when there is no
   * such record here. Read through the owners' published views.
   */
  async subjectOf(
    shopId: number,
    subject: SuspicionSubject,
    id: number,
  ): Promise<{ name: string; clientId: number | null } | null> {
    const sql: Record<SuspicionSubject, string> = {
      client: 'SELECT name, id AS client_id FROM client_directory WHERE shop_id = $1 AND id = $2',
      deal: `SELECT 'Deal ' || id AS name, client_id FROM deal_records WHERE shop_id = $1 AND id = $2`,
      sale: `SELECT 'Sale ' || id || CASE WHEN name <> '' THEN ' · ' || left(name, 200) ELSE '' END AS name,
                    client_id FROM sale_records WHERE shop_id = $1 AND id = $2`,
      purchase: `SELECT COALESCE(NULLIF(reference, ''), 'Purchase ' || id) AS name, seller_client_id AS client_id
                   FROM purchase_records WHERE shop_id = $1 AND id = $2`,
    };
    const rows = await this.db.query<{ name: string; client_id: number | null }>(sql[subject], [shopId, id]);
    const row = rows[0];
    return row ? { name: row.name, clientId: row.client_id === null ? null : Number(row.client_id) } : null;
  }

  /** Records a report with the shop's next number; answers its id and number. */
  async create(report: NewSuspicion): Promise<{ id: number; number: number }> {
    // One numbering per shop: concurrent reports wait for each other here, in the caller's transaction.
    await this.db.query('SELECT pg_advisory_xact_lock(7426930, $1)', [report.shopId]);
    const rows = await this.db.query<{ id: number; number: number }>(
      `INSERT INTO suspicion_reports (shop_id, number, subject, subject_id, subject_name, client_id, grounds,
                                      reported_by, reported_at)
       SELECT $1, COALESCE(MAX(number), 0) + 1, $2, $3, $4, $5, $6, $7, $8
         FROM suspicion_reports WHERE shop_id = $1
       RETURNING id, number`,
      [
        report.shopId,
        report.subject,
        report.subjectId,
        report.subjectName,
        report.clientId,
        report.grounds,
        report.reportedBy,
        report.at,
      ],
    );
    const row = rows[0] as { id: number; number: number };
    return { id: Number(row.id), number: Number(row.number) };
  }

  /** The shop's register, newest first. */
  async list(shopId: number): Promise<SuspicionRow[]> {
    return this.db.query<SuspicionRow>(
      `SELECT ${ROW} FROM suspicion_reports r WHERE r.shop_id = $1 ORDER BY r.number DESC`,
      [shopId],
    );
  }

  /** One report of the shop, locked for a decision in the caller's transaction. */
  async find(shopId: number, id: number, forUpdate = false): Promise<SuspicionRow | null> {
    const rows = await this.db.query<SuspicionRow>(
      `SELECT ${ROW} FROM suspicion_reports r WHERE r.shop_id = $1 AND r.id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [shopId, id],
    );
    return rows[0] ?? null;
  }

  async decide(shopId: number, id: number, values: SuspicionDecisionValues): Promise<void> {
    await this.db.query(
      `UPDATE suspicion_reports
          SET decision = $3, nca_reference = $4, disclosed_on = $5::date, notes = $6, decided_by = $7,
              decided_at = $8
        WHERE shop_id = $1 AND id = $2`,
      [
        shopId,
        id,
        values.decision,
        values.ncaReference,
        values.disclosedOn,
        values.notes,
        values.decidedBy,
        values.at,
      ],
    );
  }

  /**
   * How many reports were raised in [from, to), and how many of those were disclosed to the NCA: counts only,
   * for the annual summary.
   */
  async counts(shopId: number, from: Date, to: Date): Promise<SuspicionCounts> {
    const rows = await this.db.query<{ raised: string | number; disclosed: string | number }>(
      `SELECT count(*) AS raised, count(*) FILTER (WHERE decision = 'disclosed') AS disclosed
         FROM suspicion_reports WHERE shop_id = $1 AND reported_at >= $2 AND reported_at < $3`,
      [shopId, from, to],
    );
    return { raised: Number(rows[0]?.raised ?? 0), disclosed: Number(rows[0]?.disclosed ?? 0) };
  }
}
