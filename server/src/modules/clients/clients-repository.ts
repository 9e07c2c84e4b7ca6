import type {
  PostalAddress,
  Client,
  ClientBalanceRow,
  ClientCheckout,
  ClientOrdering,
  ClientStatus,
  ClientSummary,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';
import { type ExpectedVersion, lastChange, versionCondition } from '../../kernel/record-versions';

/** The editable fields of a client, already validated and trimmed (the address as checkPostalAddress gives it). */
export interface ClientFields extends PostalAddress {
  name: string;
  email: string;
  phone: string;
  status: ClientStatus;
  notes: string;
}

/** The list filters, already validated. */
export interface ClientFilter {
  /** Lower-cased text to find in name, email or phone. */
  search?: string;
  status?: ClientStatus;
  hasItemCheckedOut?: boolean;
  kyc?: boolean;
  balance?: 'negative' | 'positive' | 'zero';
}

interface ClientRecord {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: ClientStatus;
  notes: string;
  balance: string;
  kyc: boolean;
  has_item_checked_out: boolean;
  cdd_verified_by_name: string | null;
  cdd_verified_on: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  address_line1: string;
  address_line2: string;
  town: string;
  postcode: string;
  country: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

const HAS_KYC = 'EXISTS (SELECT 1 FROM client_documents d WHERE d.client_id = c.id)';
// An open check-out (returned_at IS NULL), as the inventory's Check Out and Return keep them.
const HAS_ITEM_OUT =
  'EXISTS (SELECT 1 FROM stock_checkouts k WHERE k.client_id = c.id AND k.returned_at IS NULL)';

const CLIENT_COLUMNS = `c.id, c.name, c.email, c.phone, c.status, c.notes, c.balance::text AS balance,
  ${HAS_KYC} AS kyc, ${HAS_ITEM_OUT} AS has_item_checked_out,
  c.cdd_verified_by_name, c.cdd_verified_on::text AS cdd_verified_on, c.created_at, c.updated_at, c.version,
  c.address_line1, c.address_line2, c.town, c.postcode, c.country`;

/** Each ordering ends on the id in the same direction, so pages never overlap or skip a row. */
const ORDER_BY: Record<ClientOrdering, string> = {
  name: 'lower(c.name), c.id',
  '-name': 'lower(c.name) DESC, c.id DESC',
  email: 'lower(c.email), c.id',
  '-email': 'lower(c.email) DESC, c.id DESC',
  balance: 'c.balance, c.id',
  '-balance': 'c.balance DESC, c.id DESC',
  status: 'c.status, lower(c.name), c.id',
  '-status': 'c.status DESC, lower(c.name), c.id',
  created_at: 'c.created_at, c.id',
  '-created_at': 'c.created_at DESC, c.id DESC',
  updated_at: 'c.updated_at, c.id',
  '-updated_at': 'c.updated_at DESC, c.id DESC',
};

const toClient = (r: ClientRecord): Client => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  status: r.status,
  notes: r.notes,
  balance: moneyOut(r.balance),
  kyc: r.kyc,
  hasItemCheckedOut: r.has_item_checked_out,
  cdd: {
    verifiedBy: r.cdd_verified_on === null ? null : r.cdd_verified_by_name,
    verifiedOn: r.cdd_verified_on,
    complete: r.kyc && r.cdd_verified_on !== null,
  },
  addressLine1: r.address_line1,
  addressLine2: r.address_line2,
  town: r.town,
  postcode: r.postcode,
  country: r.country,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});

/** `%` and `_` typed by the user are text to find, not patterns. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function where(shopId: number, filter: ClientFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [shopId];
  const clauses = ['c.shop_id = $1'];
  if (filter.search !== undefined) {
    params.push(likeContains(filter.search));
    const p = `$${params.length}`;
    clauses.push(`(lower(c.name) LIKE ${p} OR lower(c.email) LIKE ${p} OR lower(c.phone) LIKE ${p})`);
  }
  if (filter.status !== undefined) {
    params.push(filter.status);
    clauses.push(`c.status = $${params.length}`);
  }
  if (filter.hasItemCheckedOut !== undefined)
    clauses.push(`${filter.hasItemCheckedOut ? '' : 'NOT '}${HAS_ITEM_OUT}`);
  if (filter.kyc !== undefined) clauses.push(`${filter.kyc ? '' : 'NOT '}${HAS_KYC}`);
  if (filter.balance === 'negative') clauses.push('c.balance < 0');
  if (filter.balance === 'positive') clauses.push('c.balance > 0');
  if (filter.balance === 'zero') clauses.push('c.balance = 0');
  return { sql: clauses.join(' AND '), params };
}

/** Clients of a shop: every query names the shop, so another shop's client is simply not found. */
export class ClientsRepository {
  constructor(private readonly db: Queryable) {}

  /** `lock` takes the row lock that orders concurrent changes of one client (edits, documents, payments). */
  async find(shopId: number, id: number, lock = false): Promise<Client | null> {
    if (lock) {
      const locked = await this.db.query('SELECT id FROM clients WHERE shop_id = $1 AND id = $2 FOR UPDATE', [
        shopId,
        id,
      ]);
      if (locked.length === 0) return null;
    }
    const rows = await this.db.query<ClientRecord>(
      `SELECT ${CLIENT_COLUMNS} FROM clients c WHERE c.shop_id = $1 AND c.id = $2`,
      [shopId, id],
    );
    return rows[0] ? toClient(rows[0]) : null;
  }

  async count(shopId: number, filter: ClientFilter): Promise<number> {
    const { sql, params } = where(shopId, filter);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM clients c WHERE ${sql}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  async list(
    shopId: number,
    filter: ClientFilter,
    ordering: ClientOrdering,
    limit: number,
    offset: number,
  ): Promise<Client[]> {
    const { sql, params } = where(shopId, filter);
    const rows = await this.db.query<ClientRecord>(
      `SELECT ${CLIENT_COLUMNS} FROM clients c WHERE ${sql}
        ORDER BY ${ORDER_BY[ordering]} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    return rows.map(toClient);
  }

  async insert(shopId: number, fields: ClientFields, at: Date): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO clients (shop_id, name, email, phone, status, notes, created_at, updated_at,
                            address_line1, address_line2, town, postcode, country)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        shopId,
        fields.name,
        fields.email,
        fields.phone,
        fields.status,
        fields.notes,
        at,
        fields.addressLine1,
        fields.addressLine2,
        fields.town,
        fields.postcode,
        fields.country,
      ],
    );
    return (rows[0] as { id: number }).id;
  }

  /**
   * One conditional UPDATE: it changes the client only while its version is one the edit was based on (the
   * trigger of migration 012 then bumps it), so of two edits from the same version exactly one applies.
   * False when no row matched: the client changed (or went) since.
   */
  async update(
    shopId: number,
    id: number,
    fields: ClientFields,
    at: Date,
    expected: ExpectedVersion,
  ): Promise<boolean> {
    const condition = versionCondition(expected, 14);
    const rows = await this.db.query(
      `UPDATE clients SET name = $3, email = $4, phone = $5, status = $6, notes = $7, updated_at = $8,
              address_line1 = $9, address_line2 = $10, town = $11, postcode = $12, country = $13
        WHERE shop_id = $1 AND id = $2${condition.sql} RETURNING id`,
      [
        shopId,
        id,
        fields.name,
        fields.email,
        fields.phone,
        fields.status,
        fields.notes,
        at,
        fields.addressLine1,
        fields.addressLine2,
        fields.town,
        fields.postcode,
        fields.country,
        ...condition.params,
      ],
    );
    return rows.length === 1;
  }

  /**
   * Who last changed what the client's version counts, and when (the audit trail: its create and edits, not
   * its payments), for the answer to a stale edit.
   */
  lastEdit(shopId: number, id: number) {
    return lastChange(this.db, shopId, 'client', id, { only: ['create', 'update'] });
  }

  /**
   * Erases a client's personal data (issue 25 item 3; modules/compliance/erasure-service.ts decides what and
   * when): the fields named (an erasure request, UK GDPR Art. 17), or with 'all' (the end of retention, MLR 2017
   * reg. 40(3)) every personal field, the identity verification and the KYC papers, whose stored files go with
   * their rows by trigger. The row itself stays, named `erasedName`, for the books that point at it.
   */
  async erase(
    shopId: number,
    id: number,
    fields: 'all' | readonly ('email' | 'phone' | 'notes')[],
    erasedName: string,
    at: Date,
  ): Promise<void> {
    if (fields === 'all') {
      await this.db.query('DELETE FROM client_documents WHERE shop_id = $1 AND client_id = $2', [shopId, id]);
      await this.db.query(
        `UPDATE clients SET name = $3, email = '', phone = '', notes = '', status = 'inactive', address_line1 = '',
                address_line2 = '', town = '', postcode = '', country = '', cdd_verified_by = NULL,
                cdd_verified_by_name = NULL, cdd_verified_on = NULL, cdd_verified_at = NULL, updated_at = $4
          WHERE shop_id = $1 AND id = $2`,
        [shopId, id, erasedName, at],
      );
      return;
    }
    if (fields.length === 0) return;
    const sets = fields.map((f) => `${f} = ''`).join(', ');
    await this.db.query(`UPDATE clients SET ${sets}, updated_at = $3 WHERE shop_id = $1 AND id = $2`, [
      shopId,
      id,
      at,
    ]);
  }

  /** Records (or, with a null day, withdraws) who verified the client's identity and on which day (CDD). */
  async setVerification(
    shopId: number,
    clientId: number,
    userId: number | null,
    day: string | null,
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `UPDATE clients SET cdd_verified_by = $3,
         cdd_verified_by_name = (SELECT username FROM user_directory WHERE id = $3::int),
         cdd_verified_on = $4::date, cdd_verified_at = CASE WHEN $4::date IS NULL THEN NULL ELSE $5::timestamptz END
       WHERE shop_id = $1 AND id = $2`,
      [shopId, clientId, userId, day, at],
    );
  }

  /** The shop's calendar day at `at` (its time zone): the default date of a payment and its upper bound. */
  async shopToday(shopId: number, at: Date): Promise<string> {
    const rows = await this.db.query<{ today: string }>(
      'SELECT (($2::timestamptz) AT TIME ZONE timezone)::date::text AS today FROM shop_directory WHERE id = $1',
      [shopId, at],
    );
    return rows[0]?.today ?? at.toISOString().slice(0, 10);
  }

  /** The dashboard's figures, in two reads: the counts and sums, then the largest balances each way. */
  async summary(shopId: number): Promise<ClientSummary> {
    const totals = await this.db.query<{
      total: number;
      active: number;
      inactive: number;
      with_kyc: number;
      with_item_out: number;
      debtors: number;
      creditors: number;
      owed_to_shop: string;
      owed_by_shop: string;
      net: string;
    }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE s.status = 'active')::int AS active,
              count(*) FILTER (WHERE s.status = 'inactive')::int AS inactive,
              count(*) FILTER (WHERE s.kyc)::int AS with_kyc,
              count(*) FILTER (WHERE s.item_out)::int AS with_item_out,
              count(*) FILTER (WHERE s.balance < 0)::int AS debtors,
              count(*) FILTER (WHERE s.balance > 0)::int AS creditors,
              (0 - coalesce(sum(s.balance) FILTER (WHERE s.balance < 0), 0))::text AS owed_to_shop,
              coalesce(sum(s.balance) FILTER (WHERE s.balance > 0), 0)::text AS owed_by_shop,
              coalesce(sum(s.balance), 0)::text AS net
         FROM (SELECT c.status, c.balance, ${HAS_KYC} AS kyc, ${HAS_ITEM_OUT} AS item_out
                 FROM clients c WHERE c.shop_id = $1) s`,
      [shopId],
    );
    const t = totals[0] as (typeof totals)[number];
    const top = async (sql: string) =>
      (
        await this.db.query<{ id: number; name: string; status: ClientStatus; balance: string }>(
          `SELECT c.id, c.name, c.status, c.balance::text AS balance FROM clients c
            WHERE c.shop_id = $1 AND ${sql} LIMIT 5`,
          [shopId],
        )
      ).map((r): ClientBalanceRow => ({
        id: r.id,
        name: r.name,
        status: r.status,
        balance: moneyOut(r.balance),
      }));
    return {
      total: t.total,
      active: t.active,
      inactive: t.inactive,
      withKyc: t.with_kyc,
      withItemCheckedOut: t.with_item_out,
      debtorCount: t.debtors,
      creditorCount: t.creditors,
      totalOwedToShop: moneyOut(t.owed_to_shop),
      totalOwedByShop: moneyOut(t.owed_by_shop),
      netBalance: moneyOut(t.net),
      debtors: await top('c.balance < 0 ORDER BY c.balance, lower(c.name), c.id'),
      creditors: await top('c.balance > 0 ORDER BY c.balance DESC, lower(c.name), c.id'),
    };
  }
  /** Every check-out of the client, open or ended, newest first: the approval notes staff can reprint. */
  async checkouts(shopId: number, clientId: number): Promise<ClientCheckout[]> {
    const rows = await this.db.query<{
      id: number;
      item_id: number;
      serial: string;
      brand: string;
      model: string;
      stock_type: string;
      agreed_price: string | null;
      due_date: string | null;
      checked_out_at: Date | string;
      returned_at: Date | string | null;
      outcome: 'returned' | 'sold' | null;
    }>(
      `SELECT c.id, c.item_id, i.serial, i.brand, i.model, i.stock_type, c.agreed_price::text AS agreed_price,
              c.due_date::text AS due_date, c.checked_out_at, c.returned_at, c.outcome
         FROM stock_checkouts c JOIN stock_items i ON i.id = c.item_id
        WHERE c.shop_id = $1 AND c.client_id = $2
        ORDER BY c.checked_out_at DESC, c.id DESC`,
      [shopId, clientId],
    );
    return rows.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      serial: r.serial,
      brand: r.brand,
      model: r.model,
      stockType: r.stock_type,
      agreedPrice: r.agreed_price === null ? null : moneyOut(r.agreed_price),
      dueDate: r.due_date,
      checkedOutAt: new Date(r.checked_out_at).toISOString(),
      endedAt: r.returned_at === null ? null : new Date(r.returned_at).toISOString(),
      outcome: r.outcome,
    }));
  }
}
