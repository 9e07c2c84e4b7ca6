import type { Queryable } from '../db/database';

export interface AuditEntry {
  shopId: number;
  userId: number | null;
  /** What kind of record: 'client', 'client_document', 'ledger_entry', 'item', 'sale', 'expense', ... */
  entity: string;
  entityId: number;
  /** 'create', 'update', or a domain action such as 'sell', 'check_out', 'return', 'promote', 'upload'. */
  action: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export interface AuditRecord {
  id: number;
  userId: number | null;
  entity: string;
  entityId: number;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** The audit log: written in the same transaction as the change it records, so neither exists without the other. */
export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_log (shop_id, user_id, entity, entity_id, action, before, after, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
      [
        entry.shopId,
        entry.userId,
        entry.entity,
        entry.entityId,
        entry.action,
        entry.before === undefined ? null : JSON.stringify(entry.before),
        entry.after === undefined ? null : JSON.stringify(entry.after),
        entry.at,
      ],
    );
  }

  /** Newest first. */
  async list(shopId: number, entity: string, entityId: number): Promise<AuditRecord[]> {
    const rows = await this.db.query<AuditRecord & { id: string; entityId: string }>(
      `SELECT id, user_id AS "userId", entity, entity_id AS "entityId", action, before, after,
              created_at AS "createdAt"
         FROM audit_log WHERE shop_id = $1 AND entity = $2 AND entity_id = $3 ORDER BY id DESC`,
      [shopId, entity, entityId],
    );
    return rows.map((row) => ({ ...row, id: Number(row.id), entityId: Number(row.entityId) }));
  }
}
