import type { Queryable } from '../../db/database';

export interface AuditEntry {
  /** The shop whose chain the entry joins; null for the system chain (a failed sign-in as nobody known). */
  shopId: number | null;
  userId: number | null;
  /** What kind of record: 'client', 'client_document', 'ledger_entry', 'item', 'sale', 'expense', 'session', ... */
  entity: string;
  /** The record's id; null when the entry is about no one record (a sign-in). */
  entityId: number | null;
  /** 'create', 'update', or a domain action such as 'sell', 'check_out', 'return', 'promote', 'upload'. */
  action: string;
  before?: unknown;
  after?: unknown;
  at: Date;
  /**
   * The record as staff name it now ("Eleanor Vance"); when omitted the database names clients, items, users
   * and shops itself (migration 009, audit_log_fill).
   */
  recordName?: string;
  /** The client and item the entry belongs to in History; when omitted they are derived from the entry. */
  clientId?: number | null;
  itemId?: number | null;
}

/** One stored entry, as History, Activity and the wording read it. */
export interface AuditRecord {
  id: number;
  shopId: number | null;
  seq: number;
  userId: number | null;
  actor: string | null;
  entity: string;
  entityId: number | null;
  recordName: string | null;
  clientId: number | null;
  itemId: number | null;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** Which entries of a shop's trail a page shows. */
export interface AuditFilter {
  clientId?: number;
  itemId?: number;
  userId?: number;
  entity?: string;
  action?: string;
  /** Inclusive days (YYYY-MM-DD) in the shop's time zone. */
  fromDay?: string;
  toDay?: string;
}

const COLUMNS = `id, shop_id AS "shopId", seq, user_id AS "userId", actor, entity, entity_id AS "entityId",
  record_name AS "recordName", client_id AS "clientId", item_id AS "itemId", action, before, after,
  created_at AS "createdAt"`;

type Raw = Omit<AuditRecord, 'id' | 'seq' | 'entityId' | 'clientId' | 'itemId'> & {
  id: string | number;
  seq: string | number;
  entityId: string | number | null;
  clientId: string | number | null;
  itemId: string | number | null;
};

const num = (value: string | number | null) => (value === null ? null : Number(value));

const toRecord = (row: Raw): AuditRecord => ({
  ...row,
  id: Number(row.id),
  seq: Number(row.seq),
  entityId: num(row.entityId),
  clientId: num(row.clientId),
  itemId: num(row.itemId),
  createdAt: new Date(row.createdAt),
});

function where(shopId: number, filter: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [shopId];
  const clauses = ['shop_id = $1'];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace('?', `$${params.length}`));
  };
  // History: everything about the record, or about its client or item through the linkage columns.
  if (filter.clientId !== undefined) add('client_id = ?', filter.clientId);
  if (filter.itemId !== undefined) add('item_id = ?', filter.itemId);
  if (filter.userId !== undefined) add('user_id = ?', filter.userId);
  if (filter.entity !== undefined) add('entity = ?', filter.entity);
  if (filter.action !== undefined) add('action = ?', filter.action);
  // A day starts at midnight where the shop is, whatever the server's zone.
  const zone = '(SELECT timezone FROM shop_directory WHERE id = $1)';
  if (filter.fromDay !== undefined)
    add(`created_at >= (?::date)::timestamp AT TIME ZONE ${zone}`, filter.fromDay);
  if (filter.toDay !== undefined)
    add(`created_at < (?::date + 1)::timestamp AT TIME ZONE ${zone}`, filter.toDay);
  return { sql: clauses.join(' AND '), params };
}

/**
 * The audit log: written in the same transaction as the change it records, so neither exists without the other.
 * The table is append-only and hash-chained per shop by the database itself (migration 009): nothing here can
 * update or delete an entry.
 */
export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_log (shop_id, user_id, entity, entity_id, action, before, after, created_at,
                              record_name, client_id, item_id)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11)`,
      [
        entry.shopId,
        entry.userId,
        entry.entity,
        entry.entityId,
        entry.action,
        entry.before === undefined ? null : JSON.stringify(entry.before),
        entry.after === undefined ? null : JSON.stringify(entry.after),
        entry.at,
        entry.recordName ?? null,
        entry.clientId ?? null,
        entry.itemId ?? null,
      ],
    );
  }

  /** Newest first. */
  async list(shopId: number, entity: string, entityId: number): Promise<AuditRecord[]> {
    const rows = await this.db.query<Raw>(
      `SELECT ${COLUMNS} FROM audit_log WHERE shop_id = $1 AND entity = $2 AND entity_id = $3 ORDER BY id DESC`,
      [shopId, entity, entityId],
    );
    return rows.map(toRecord);
  }

  async count(shopId: number, filter: AuditFilter): Promise<number> {
    const { sql, params } = where(shopId, filter);
    const rows = await this.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM audit_log WHERE ${sql}`,
      params,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** A page of the shop's trail, newest first. */
  async page(shopId: number, filter: AuditFilter, limit: number, offset: number): Promise<AuditRecord[]> {
    const { sql, params } = where(shopId, filter);
    const rows = await this.db.query<Raw>(
      `SELECT ${COLUMNS} FROM audit_log WHERE ${sql} ORDER BY id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    return rows.map(toRecord);
  }

  /** The whole filtered trail in pages of `size`, newest first, for a streamed export. */
  async *each(shopId: number, filter: AuditFilter, size = 500): AsyncGenerator<AuditRecord> {
    let before: number | null = null;
    for (;;) {
      const { sql, params } = where(shopId, filter);
      if (before !== null) params.push(before);
      const rows: Raw[] = await this.db.query<Raw>(
        `SELECT ${COLUMNS} FROM audit_log WHERE ${sql}${before !== null ? ` AND id < $${params.length}` : ''}
          ORDER BY id DESC LIMIT ${size}`,
        params,
      );
      for (const row of rows) yield toRecord(row);
      if (rows.length < size) return;
      before = Number((rows[rows.length - 1] as Raw).id);
    }
  }

  /** The people who appear in the shop's trail, with their name as it was last recorded. */
  async people(shopId: number): Promise<{ id: number; name: string }[]> {
    const rows = await this.db.query<{ id: number; name: string | null }>(
      `SELECT DISTINCT ON (user_id) user_id AS id, actor AS name FROM audit_log
        WHERE shop_id = $1 AND user_id IS NOT NULL ORDER BY user_id, id DESC`,
      [shopId],
    );
    return rows
      .map((row) => ({ id: Number(row.id), name: row.name ?? `User ${row.id}` }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The shop a user's sign-in belongs to: the one they work in last, else any of theirs (null: none). */
  async shopOfUser(userId: number): Promise<number | null> {
    const rows = await this.db.query<{ shop: number | null }>(
      `SELECT coalesce(u.last_shop_id,
                       (SELECT m.shop_id FROM membership_directory m WHERE m.user_id = u.id ORDER BY m.active DESC, m.id
                         LIMIT 1)) AS shop
         FROM user_directory u WHERE u.id = $1`,
      [userId],
    );
    return rows[0]?.shop ?? null;
  }
}
