import type { EddDocument, EddEvidenceKind, RiskAssessment, RiskRating, RiskReason } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** What the client guard reads of a client's risk, with the shop's EDD threshold, for one amount. */
export interface EddState {
  rating: RiskRating;
  thresholdGbp: string;
  /** amountGbp ≥ the threshold, compared in numeric (no float rounding). */
  atOrOver: boolean;
  sourceOfFunds: boolean;
  sourceOfWealth: boolean;
  approved: boolean;
}

export interface StoredClientRisk {
  rating: RiskRating;
  reasons: RiskReason[];
  notes: string;
  ratedBy: string | null;
  ratedAt: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  approvalNotes: string;
}

export interface NewStoredFileRow {
  shopId: number;
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  userId: number;
  at: Date;
}

export interface StoredEddDocument extends EddDocument {
  storageKey: string;
}

export interface StoredRiskAssessment extends RiskAssessment {
  storageKey: string;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The default EDD threshold while the shop has none stored (contracts/src/risk.ts): £0. */
export const DEFAULT_EDD_THRESHOLD_GBP = '0.00';

const EDD_DOC_COLUMNS = `d.id, d.kind, d.original_name, d.content_type, d.size_bytes, d.created_at, d.storage_key,
  u.username AS uploaded_by`;

interface EddDocRow {
  id: number;
  kind: EddEvidenceKind;
  original_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
  storage_key: string;
  uploaded_by: string | null;
}

const toEddDoc = (r: EddDocRow): StoredEddDocument => ({
  id: r.id,
  kind: r.kind,
  name: r.original_name,
  contentType: r.content_type,
  size: r.size_bytes,
  uploadedBy: r.uploaded_by,
  uploadedAt: new Date(r.created_at).toISOString(),
  storageKey: r.storage_key,
});

const ASSESSMENT_COLUMNS = `a.id, a.version, a.original_name, a.content_type, a.size_bytes, a.storage_key,
  a.owner_user_id, o.username AS owner, a.assessed_on::text AS assessed_on, a.review_on::text AS review_on, a.notes,
  c.username AS created_by, a.created_at`;

interface AssessmentRow {
  id: number;
  version: number;
  original_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  owner_user_id: number | null;
  owner: string | null;
  assessed_on: string;
  review_on: string;
  notes: string;
  created_by: string | null;
  created_at: Date | string;
}

const toAssessment = (r: AssessmentRow): StoredRiskAssessment => ({
  id: r.id,
  version: r.version,
  fileName: r.original_name,
  contentType: r.content_type,
  size: r.size_bytes,
  storageKey: r.storage_key,
  ownerUserId: r.owner_user_id,
  owner: r.owner,
  assessedOn: r.assessed_on,
  reviewOn: r.review_on,
  notes: r.notes,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Client risk ratings, their enhanced due diligence evidence and approval, the shop's EDD threshold and the
 * firm-wide risk assessment (migration 031): the only writer of those tables. Names of members are read through
 * user_directory, clients through client_directory (published reads).
 */
export class RiskRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Everything the guard needs in one read: the client's rating ('standard' when never rated), the shop's
   * threshold, whether `amountGbp` reaches it, and the EDD pieces on file.
   */
  async eddState(shopId: number, clientId: number, amountGbp: string): Promise<EddState> {
    const rows = await this.db.query<{
      rating: RiskRating | null;
      threshold: string;
      at_or_over: boolean;
      funds: boolean;
      wealth: boolean;
      approved: boolean;
    }>(
      `SELECT r.rating,
              coalesce(s.edd_threshold_gbp, 0)::numeric(14, 2)::text AS threshold,
              $3::numeric >= coalesce(s.edd_threshold_gbp, 0) AS at_or_over,
              EXISTS (SELECT 1 FROM client_edd_documents d
                       WHERE d.client_id = $2 AND d.shop_id = $1 AND d.kind = 'source_of_funds') AS funds,
              EXISTS (SELECT 1 FROM client_edd_documents d
                       WHERE d.client_id = $2 AND d.shop_id = $1 AND d.kind = 'source_of_wealth') AS wealth,
              coalesce(r.approved_at IS NOT NULL, false) AS approved
         FROM (SELECT 1) one
         LEFT JOIN client_risk_ratings r ON r.client_id = $2 AND r.shop_id = $1
         LEFT JOIN shop_risk_settings s ON s.shop_id = $1`,
      [shopId, clientId, amountGbp],
    );
    const row = rows[0];
    if (!row) throw new Error('eddState: no row');
    return {
      rating: row.rating ?? 'standard',
      thresholdGbp: row.threshold,
      atOrOver: row.at_or_over,
      sourceOfFunds: row.funds,
      sourceOfWealth: row.wealth,
      approved: row.approved,
    };
  }

  async find(shopId: number, clientId: number): Promise<StoredClientRisk> {
    const rows = await this.db.query<{
      rating: RiskRating;
      reasons: RiskReason[] | string;
      notes: string;
      rated_by: string | null;
      rated_at: Date | string;
      approved_by: string | null;
      approved_at: Date | string | null;
      approval_notes: string;
    }>(
      `SELECT r.rating, r.reasons, r.notes, rb.username AS rated_by, r.rated_at, ab.username AS approved_by,
              r.approved_at, r.approval_notes
         FROM client_risk_ratings r
         LEFT JOIN user_directory rb ON rb.id = r.rated_by
         LEFT JOIN user_directory ab ON ab.id = r.approved_by
        WHERE r.shop_id = $1 AND r.client_id = $2`,
      [shopId, clientId],
    );
    const r = rows[0];
    if (!r) {
      return {
        rating: 'standard',
        reasons: [],
        notes: '',
        ratedBy: null,
        ratedAt: null,
        approvedBy: null,
        approvedAt: null,
        approvalNotes: '',
      };
    }
    return {
      rating: r.rating,
      reasons: typeof r.reasons === 'string' ? (JSON.parse(r.reasons) as RiskReason[]) : r.reasons,
      notes: r.notes,
      ratedBy: r.rated_by,
      ratedAt: iso(r.rated_at),
      approvedBy: r.approved_by,
      approvedAt: iso(r.approved_at),
      approvalNotes: r.approval_notes,
    };
  }

  /** Sets the rating; a changed rating clears the approval (it approved the relationship at the old rating). */
  async rate(
    shopId: number,
    clientId: number,
    value: { rating: RiskRating; reasons: RiskReason[]; notes: string },
    userId: number,
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO client_risk_ratings (client_id, shop_id, rating, reasons, notes, rated_by, rated_at)
       VALUES ($2, $1, $3, $4::jsonb, $5, $6, $7)
       ON CONFLICT (client_id) DO UPDATE SET
         rating = EXCLUDED.rating, reasons = EXCLUDED.reasons, notes = EXCLUDED.notes,
         rated_by = EXCLUDED.rated_by, rated_at = EXCLUDED.rated_at,
         approved_by = CASE WHEN client_risk_ratings.rating = EXCLUDED.rating THEN client_risk_ratings.approved_by END,
         approved_at = CASE WHEN client_risk_ratings.rating = EXCLUDED.rating THEN client_risk_ratings.approved_at END,
         approval_notes = CASE WHEN client_risk_ratings.rating = EXCLUDED.rating
                               THEN client_risk_ratings.approval_notes ELSE '' END`,
      [shopId, clientId, value.rating, JSON.stringify(value.reasons), value.notes, userId, at],
    );
  }

  /** Records the senior approval on a rated client's row; false when the client has no rating row. */
  async approve(shopId: number, clientId: number, notes: string, userId: number, at: Date): Promise<boolean> {
    const rows = await this.db.query<{ client_id: number }>(
      `UPDATE client_risk_ratings SET approved_by = $3, approved_at = $4, approval_notes = $5
        WHERE shop_id = $1 AND client_id = $2 RETURNING client_id`,
      [shopId, clientId, userId, at, notes],
    );
    return rows.length > 0;
  }

  async insertEddDocument(clientId: number, kind: EddEvidenceKind, doc: NewStoredFileRow): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO client_edd_documents
         (shop_id, client_id, kind, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        doc.shopId,
        clientId,
        kind,
        doc.storageKey,
        doc.name,
        doc.contentType,
        doc.size,
        doc.sha256,
        doc.userId,
        doc.at,
      ],
    );
    return (rows[0] as { id: number }).id;
  }

  /** Newest first. */
  async eddDocuments(shopId: number, clientId: number): Promise<StoredEddDocument[]> {
    const rows = await this.db.query<EddDocRow>(
      `SELECT ${EDD_DOC_COLUMNS} FROM client_edd_documents d LEFT JOIN user_directory u ON u.id = d.uploaded_by
        WHERE d.shop_id = $1 AND d.client_id = $2 ORDER BY d.id DESC`,
      [shopId, clientId],
    );
    return rows.map(toEddDoc);
  }

  async findEddDocument(shopId: number, clientId: number, id: number): Promise<StoredEddDocument | null> {
    const rows = await this.db.query<EddDocRow>(
      `SELECT ${EDD_DOC_COLUMNS} FROM client_edd_documents d LEFT JOIN user_directory u ON u.id = d.uploaded_by
        WHERE d.shop_id = $1 AND d.client_id = $2 AND d.id = $3`,
      [shopId, clientId, id],
    );
    return rows[0] ? toEddDoc(rows[0]) : null;
  }

  /**
   * At the end of retention (retention-service.ts): the client's rating and enhanced due diligence papers are
   * customer due diligence records, deleted with the rest of them (MLR 2017 reg. 40(3)); the papers' stored
   * files go with their rows (the detach trigger).
   */
  async eraseClient(shopId: number, clientId: number): Promise<void> {
    await this.db.query('DELETE FROM client_edd_documents WHERE shop_id = $1 AND client_id = $2', [
      shopId,
      clientId,
    ]);
    await this.db.query('DELETE FROM client_risk_ratings WHERE shop_id = $1 AND client_id = $2', [
      shopId,
      clientId,
    ]);
  }

  /** The client's name when the client is this shop's, else null. */
  async clientName(shopId: number, clientId: number): Promise<string | null> {
    const rows = await this.db.query<{ name: string }>(
      'SELECT name FROM client_directory WHERE shop_id = $1 AND id = $2',
      [shopId, clientId],
    );
    return rows[0]?.name ?? null;
  }

  /** Whether the user is an active member of the shop (a risk assessment's owner). */
  async isMember(shopId: number, userId: number): Promise<boolean> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM membership_directory WHERE shop_id = $1 AND user_id = $2 AND active',
      [shopId, userId],
    );
    return (rows[0]?.n ?? 0) > 0;
  }

  /** The shop's active members with their names, owner first. */
  async members(shopId: number): Promise<Array<{ userId: number; username: string; role: string }>> {
    return this.db.query<{ userId: number; username: string; role: string }>(
      `SELECT m.user_id AS "userId", u.username, m.role FROM membership_directory m
         JOIN user_directory u ON u.id = m.user_id
        WHERE m.shop_id = $1 AND m.active
        ORDER BY CASE m.role WHEN 'platinum' THEN 0 WHEN 'gold' THEN 1 ELSE 2 END, lower(u.username)`,
      [shopId],
    );
  }

  async thresholdGbp(shopId: number): Promise<string> {
    const rows = await this.db.query<{ t: string }>(
      'SELECT edd_threshold_gbp::text AS t FROM shop_risk_settings WHERE shop_id = $1',
      [shopId],
    );
    return rows[0]?.t ?? DEFAULT_EDD_THRESHOLD_GBP;
  }

  async setThreshold(shopId: number, gbp: string, userId: number, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO shop_risk_settings (shop_id, edd_threshold_gbp, updated_by, updated_at) VALUES ($1, $2::numeric, $3, $4)
       ON CONFLICT (shop_id) DO UPDATE SET edd_threshold_gbp = EXCLUDED.edd_threshold_gbp,
         updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [shopId, gbp, userId, at],
    );
  }

  /** Every version, newest first. */
  async assessments(shopId: number): Promise<StoredRiskAssessment[]> {
    const rows = await this.db.query<AssessmentRow>(
      `SELECT ${ASSESSMENT_COLUMNS} FROM risk_assessments a
         LEFT JOIN user_directory o ON o.id = a.owner_user_id
         LEFT JOIN user_directory c ON c.id = a.created_by
        WHERE a.shop_id = $1 ORDER BY a.version DESC`,
      [shopId],
    );
    return rows.map(toAssessment);
  }

  async findAssessment(shopId: number, id: number): Promise<StoredRiskAssessment | null> {
    const rows = await this.db.query<AssessmentRow>(
      `SELECT ${ASSESSMENT_COLUMNS} FROM risk_assessments a
         LEFT JOIN user_directory o ON o.id = a.owner_user_id
         LEFT JOIN user_directory c ON c.id = a.created_by
        WHERE a.shop_id = $1 AND a.id = $2`,
      [shopId, id],
    );
    return rows[0] ? toAssessment(rows[0]) : null;
  }

  /** A new version (the shop's next number; two at once: the unique (shop, version) refuses the second). */
  async insertAssessment(
    doc: NewStoredFileRow,
    fields: { ownerUserId: number | null; assessedOn: string; reviewOn: string; notes: string },
  ): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO risk_assessments (shop_id, version, storage_key, original_name, content_type, size_bytes, sha256,
                                     owner_user_id, assessed_on, review_on, notes, created_by, created_at)
       VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM risk_assessments WHERE shop_id = $1),
               $2, $3, $4, $5, $6, $7, $8::date, $9::date, $10, $11, $12) RETURNING id`,
      [
        doc.shopId,
        doc.storageKey,
        doc.name,
        doc.contentType,
        doc.size,
        doc.sha256,
        fields.ownerUserId,
        fields.assessedOn,
        fields.reviewOn,
        fields.notes,
        doc.userId,
        doc.at,
      ],
    );
    return (rows[0] as { id: number }).id;
  }
}
