import type { Queryable } from '../../db/database';

/** The shop as the summary heads it: its names as every paper prints them (the documents module's letterhead). */
export interface SummaryShop {
  /** The name printed large: shop_letterhead's rule, never derived here. */
  printedName: string;
  /** The legal entity printed under it (the printed name's own when the same, which the head then leaves out). */
  legalName: string;
  address: string;
  hvdRegistrationNumber: string;
  timezone: string;
}

/** The firm-wide risk assessment in force (MLR 2017 reg. 18), as the risk module records it. */
export interface SummaryRiskAssessment {
  version: number;
  assessedOn: string;
  reviewOn: string;
}

/** One year's figures: counts only, no client named. */
export interface SummaryCounts {
  amlFlagged: number;
  amlRefused: number;
  cddVerified: number;
  clientsWithCdd: number;
  staff: Array<{ role: string; count: number }>;
}

/** The instants a calendar year of the shop begins and ends, where the shop is. */
const YEAR_START = `(make_date($2::int, 1, 1)::timestamp AT TIME ZONE (SELECT timezone FROM shop_directory WHERE id = $1))`;
const YEAR_END = `(make_date($2::int + 1, 1, 1)::timestamp AT TIME ZONE (SELECT timezone FROM shop_directory WHERE id = $1))`;

/**
 * What the annual compliance summary reads (summary-pdf.ts): the shop's details through the documents' and
 * shops' published views, the compliance module's own tables, and counts of the year.
 */
export class SummaryRepository {
  constructor(private readonly db: Queryable) {}

  async shop(shopId: number): Promise<SummaryShop | null> {
    const rows = await this.db.query<{
      printed_name: string;
      legal_name: string;
      address: string;
      timezone: string;
      hvd_registration_number: string | null;
    }>(
      `SELECT l.name AS printed_name, l.legal_name, l.address, s.timezone, ds.hvd_registration_number
         FROM shop_directory s
         JOIN shop_letterhead l ON l.shop_id = s.id
         LEFT JOIN shop_document_settings ds ON ds.shop_id = s.id
        WHERE s.id = $1`,
      [shopId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      printedName: r.printed_name,
      legalName: r.legal_name,
      address: r.address,
      hvdRegistrationNumber: r.hvd_registration_number ?? '',
      timezone: r.timezone,
    };
  }

  /** The nominated officer's user name, or null when nobody is named. */
  async nominatedOfficer(shopId: number): Promise<string | null> {
    const rows = await this.db.query<{ username: string }>(
      `SELECT u.username FROM membership_directory m JOIN user_directory u ON u.id = m.user_id
        WHERE m.shop_id = $1 AND m.active AND m.nominated_officer`,
      [shopId],
    );
    return rows[0]?.username ?? null;
  }

  /**
   * The latest firm-wide risk assessment (risk-repository.ts, migration 031) made before the year's end; null
   * when none was recorded.
   */
  async riskAssessment(shopId: number, year: number): Promise<SummaryRiskAssessment | null> {
    const rows = await this.db.query<{ version: number; assessed_on: string; review_on: string }>(
      `SELECT version, to_char(assessed_on, 'YYYY-MM-DD') AS assessed_on, to_char(review_on, 'YYYY-MM-DD') AS review_on
         FROM risk_assessments WHERE shop_id = $1 AND assessed_on < make_date($2::int + 1, 1, 1)
        ORDER BY version DESC LIMIT 1`,
      [shopId, year],
    );
    const r = rows[0];
    return r ? { version: Number(r.version), assessedOn: r.assessed_on, reviewOn: r.review_on } : null;
  }

  async counts(shopId: number, year: number): Promise<SummaryCounts> {
    const [row] = await this.db.query<Record<string, string | number>>(
      `SELECT
         (SELECT count(*) FROM aml_events WHERE shop_id = $1 AND outcome = 'flagged'
             AND entry_date >= make_date($2::int, 1, 1) AND entry_date < make_date($2::int + 1, 1, 1)) AS aml_flagged,
         (SELECT count(*) FROM aml_events WHERE shop_id = $1 AND outcome = 'refused'
             AND entry_date >= make_date($2::int, 1, 1) AND entry_date < make_date($2::int + 1, 1, 1)) AS aml_refused,
         (SELECT count(*) FROM client_directory WHERE shop_id = $1
             AND cdd_verified_on >= make_date($2::int, 1, 1) AND cdd_verified_on < make_date($2::int + 1, 1, 1))
           AS cdd_verified,
         (SELECT count(*) FROM client_directory WHERE shop_id = $1
             AND cdd_verified_on < make_date($2::int + 1, 1, 1)) AS clients_with_cdd`,
      [shopId, year],
    );
    const staff = await this.db.query<{ role: string; count: string | number }>(
      `SELECT role, count(*) AS count FROM membership_directory WHERE shop_id = $1 AND active
        GROUP BY role ORDER BY CASE role WHEN 'platinum' THEN 0 WHEN 'gold' THEN 1 ELSE 2 END`,
      [shopId],
    );
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      amlFlagged: n('aml_flagged'),
      amlRefused: n('aml_refused'),
      cddVerified: n('cdd_verified'),
      clientsWithCdd: n('clients_with_cdd'),
      staff: staff.map((s) => ({ role: s.role, count: Number(s.count) })),
    };
  }

  /** The instants [from, to) of the shop's calendar year. */
  async yearBounds(shopId: number, year: number): Promise<{ from: Date; to: Date }> {
    const [row] = await this.db.query<{ from: Date | string; to: Date | string }>(
      `SELECT ${YEAR_START} AS "from", ${YEAR_END} AS "to"`,
      [shopId, year],
    );
    return { from: new Date(row?.from as string), to: new Date(row?.to as string) };
  }
}
