import type { Queryable } from '../../db/database';

/** An issued approval link as recorded (migration 034). */
export interface ApprovalTokenRow {
  id: number;
  shopId: number;
  jobId: number;
  estimateVersion: number;
  expiresAt: Date;
  usedAt: Date | null;
  decision: 'approved' | 'declined' | null;
  supersededAt: Date | null;
}

/** The issued approval links: the only writer of workshop_approval_tokens. */
export class ApprovalRepository {
  constructor(private readonly db: Queryable) {}

  /** How many times the job's estimate was sent: the version an approval link names. */
  async estimateVersion(shopId: number, jobId: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_stage_events
        WHERE shop_id = $1 AND job_id = $2 AND to_stage = 'estimate_sent'`,
      [shopId, jobId],
    );
    return rows[0]?.n ?? 0;
  }

  /** Records a new link; the job's earlier unused links are superseded (only the newest estimate e-mail counts). */
  async issue(row: {
    shopId: number;
    jobId: number;
    estimateVersion: number;
    digest: string;
    issuedAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.query(
      `UPDATE workshop_approval_tokens SET superseded_at = $3
        WHERE shop_id = $1 AND job_id = $2 AND used_at IS NULL AND superseded_at IS NULL`,
      [row.shopId, row.jobId, row.issuedAt],
    );
    await this.db.query(
      `INSERT INTO workshop_approval_tokens (shop_id, job_id, estimate_version, token_digest, issued_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.shopId, row.jobId, row.estimateVersion, row.digest, row.issuedAt, row.expiresAt],
    );
  }

  /** The link with this digest, locked until the transaction ends when `lock` (the answer's transaction). */
  async find(digest: string, lock = false): Promise<ApprovalTokenRow | null> {
    const rows = await this.db.query<{
      id: string;
      shop_id: number;
      job_id: string;
      estimate_version: number;
      expires_at: Date;
      used_at: Date | null;
      decision: 'approved' | 'declined' | null;
      superseded_at: Date | null;
    }>(
      `SELECT id::text AS id, shop_id, job_id::text AS job_id, estimate_version, expires_at, used_at, decision,
              superseded_at
         FROM workshop_approval_tokens WHERE token_digest = $1${lock ? ' FOR UPDATE' : ''}`,
      [digest],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      shopId: r.shop_id,
      jobId: Number(r.job_id),
      estimateVersion: r.estimate_version,
      expiresAt: new Date(r.expires_at),
      usedAt: r.used_at === null ? null : new Date(r.used_at),
      decision: r.decision,
      supersededAt: r.superseded_at === null ? null : new Date(r.superseded_at),
    };
  }

  async markUsed(id: number, decision: 'approved' | 'declined', at: Date): Promise<void> {
    await this.db.query(
      `UPDATE workshop_approval_tokens SET used_at = $2, decision = $3 WHERE id = $1 AND used_at IS NULL`,
      [id, at, decision],
    );
  }
}
