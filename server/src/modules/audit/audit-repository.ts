import type { Queryable } from '../../db/database';
import { ClientKeysRepository, hasSealed, isSealedName, revealName, revealPayload } from './client-keys';

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
  /** Kinds of record left out: a suspicious activity report for anyone but the nominated officer (index.ts). */
  hiddenEntities?: readonly string[];
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
  if (filter.hiddenEntities?.length) add('entity <> ALL(?::varchar[])', filter.hiddenEntities);
  // A day starts at midnight where the shop is, whatever the server's zone.
  const zone = '(SELECT timezone FROM shop_directory WHERE id = $1)';
  if (filter.fromDay !== undefined)
    add(`created_at >= (?::date)::timestamp AT TIME ZONE ${zone}`, filter.fromDay);
  if (filter.toDay !== undefined)
    add(`created_at < (?::date + 1)::timestamp AT TIME ZONE ${zone}`, filter.toDay);
  return { sql: clauses.join(' AND '), params };
}

type Doc = Record<string, unknown>;
const isDoc = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (doc: unknown, key: string): unknown => (isDoc(doc) ? doc[key] : undefined);
const wholeId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;

/**
 * The client an entry concerns, as migration 009's audit_log_fill derives it in the database (mirrored here so
 * that the entry's personal data can be sealed under that client's key before the chain hashes it).
 */
export function clientOf(entry: AuditEntry): number | null {
  if (entry.clientId !== undefined && entry.clientId !== null) return entry.clientId;
  if (entry.entity === 'client') return entry.entityId;
  const { before, after } = entry;
  const nested = (key: string) =>
    wholeId(field(field(after, key), 'clientId')) ?? wholeId(field(field(before, key), 'clientId'));
  return (
    wholeId(field(after, 'clientId')) ??
    wholeId(field(before, 'clientId')) ??
    (entry.entity === 'item' && (entry.action === 'check_out' || entry.action === 'return')
      ? nested('checkout')
      : null) ??
    (entry.entity === 'item' && (entry.action === 'sell' || entry.action === 'void_sale')
      ? nested('sale')
      : null) ??
    wholeId(field(field(after, 'entry'), 'clientId'))
  );
}

/** The item an entry concerns (audit_log_fill's rule). */
function itemOf(entry: AuditEntry): number | null {
  if (entry.itemId !== undefined && entry.itemId !== null) return entry.itemId;
  if (entry.entity === 'item') return entry.entityId;
  return wholeId(field(entry.after, 'itemId')) ?? wholeId(field(entry.before, 'itemId'));
}

/**
 * The audit log: written in the same transaction as the change it records, so neither exists without the other.
 * The table is append-only and hash-chained per shop by the database itself (migration 009): nothing here can
 * update or delete an entry.
 */
export class AuditRepository {
  /** The per-client keys of the entries' personal data (crypto-shredding, client-keys.ts). */
  readonly clientKeys: ClientKeysRepository;

  constructor(private readonly db: Queryable) {
    this.clientKeys = new ClientKeysRepository(db);
  }

  /**
   * An entry about a client has its personal data sealed under the client's key before the database hashes it
   * into the chain: a client entry's name, e-mail, phone, notes and address, and the record name the trail
   * shows for any entry about the client (which the database would otherwise copy from the client's row).
   */
  private async sealed(entry: AuditEntry): Promise<AuditEntry> {
    const clientId = entry.shopId === null ? null : clientOf(entry);
    if (clientId === null || entry.shopId === null) return entry;
    const key = await this.clientKeys.forWrite(entry.shopId, clientId, entry.at);
    // An erased client has no key and nothing personal left to write.
    if (!key) return { ...entry, clientId };
    let recordName = entry.recordName;
    const namedByClient =
      entry.entity === 'client' ||
      (itemOf(entry) === null && !['membership', 'user', 'shop'].includes(entry.entity));
    if (recordName === undefined && namedByClient) {
      const rows = await this.db.query<{ name: string }>(
        'SELECT name FROM client_directory WHERE id = $1 AND shop_id = $2',
        [clientId, entry.shopId],
      );
      recordName = rows[0]?.name;
    }
    return {
      ...entry,
      clientId,
      recordName:
        recordName === undefined ? undefined : namedByClient ? key.sealName(recordName) : recordName,
      before: entry.entity === 'client' ? key.sealPayload(entry.before) : entry.before,
      after: entry.entity === 'client' ? key.sealPayload(entry.after) : entry.after,
    };
  }

  /** Stored entries with their sealed values opened, or read as "erased client" once the key is destroyed. */
  private async revealed(records: AuditRecord[]): Promise<AuditRecord[]> {
    const sealed = records.filter(
      (r) => r.clientId !== null && (isSealedName(r.recordName) || hasSealed(r.before) || hasSealed(r.after)),
    );
    if (sealed.length === 0) return records;
    const byShop = new Map<number, number[]>();
    for (const r of sealed) {
      if (r.shopId === null) continue;
      byShop.set(r.shopId, [...(byShop.get(r.shopId) ?? []), r.clientId as number]);
    }
    const keys = new Map<number, Awaited<ReturnType<ClientKeysRepository['forWrite']>>>();
    for (const [shopId, ids] of byShop) {
      for (const [id, key] of await this.clientKeys.forRead(shopId, ids)) keys.set(id, key);
    }
    return records.map((r) => {
      if (r.clientId === null || !sealed.includes(r)) return r;
      const key = keys.has(r.clientId) ? keys.get(r.clientId) : undefined;
      return {
        ...r,
        recordName: revealName(r.recordName, key),
        before: revealPayload(r.before, key),
        after: revealPayload(r.after, key),
      };
    });
  }

  async record(plain: AuditEntry): Promise<void> {
    const entry = await this.sealed(plain);
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
    return this.revealed(rows.map(toRecord));
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
    return this.revealed(rows.map(toRecord));
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
      for (const record of await this.revealed(rows.map(toRecord))) yield record;
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
