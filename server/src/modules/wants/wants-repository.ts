import {
  wantSummary,
  type ConditionGrade,
  type Want,
  type WantCandidate,
  type WantCriteria,
  type WantMatch,
  type WantMatchFilter,
  type WantMatchReason,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { readShopLetterhead } from '../documents';
import {
  clientWantsRecords,
  eraseClientWants,
  type ClientWantsRecords,
  type ErasedWants,
} from './personal-data';

/*
 * The wants module's tables (migration 042) and what it reads of others through their published views:
 * client_directory (clients), stock_items (inventory: the item, its promotion), storefront_offers and
 * storefront_shops (storefront: whether the item is online now, and where); the shop's name under the e-mail
 * is the documents module's letterhead (readShopLetterhead).
 */

/** What a want is saved with (checked by the service). */
export interface WantFields {
  brand: string;
  model: string;
  reference: string;
  yearFrom: number | null;
  yearTo: number | null;
  conditionGrade: ConditionGrade | null;
  /** Pounds as exact decimal text. */
  maxPrice: string | null;
  notes: string;
  active: boolean;
}

/** A want as stored, with what matching needs. */
export interface StoredWant extends WantCriteria {
  id: number;
  shopId: number;
  clientId: number;
  maxPrice: string | null;
  notes: string;
  active: boolean;
}

/** An item as matching reads it (stock_items): its price is the promotion price when promoted, else retail. */
export interface CandidateItem extends WantCandidate {
  id: number;
  price: string | null;
}

/** One match with its want's client and its item, as the e-mail and the service read it. */
export interface StoredMatch extends WantMatch {
  shopId: number;
  storedStatus: 'open' | 'emailed' | 'dismissed';
  want: WantCriteria;
}

/** The price an item is offered at (the storefront_offers view says the same). */
const OFFERED_PRICE = `CASE WHEN i.promoted_at IS NOT NULL AND i.promotion_price IS NOT NULL
                            THEN i.promotion_price ELSE i.retail_price END`;

const WANT_COLUMNS = `w.id, w.shop_id, w.client_id, c.name AS client_name, w.brand, w.model, w.reference,
  w.year_from, w.year_to, w.condition_grade, w.max_price::text AS max_price, w.notes, w.active,
  w.created_at, w.updated_at,
  (SELECT count(*)::int FROM want_matches m JOIN stock_items i ON i.id = m.item_id
    WHERE m.want_id = w.id AND m.status = 'open' AND i.status = 'available') AS open_matches`;

interface WantRow {
  id: number;
  shop_id: number;
  client_id: number;
  client_name: string;
  brand: string;
  model: string;
  reference: string;
  year_from: number | null;
  year_to: number | null;
  condition_grade: ConditionGrade | null;
  max_price: string | null;
  notes: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  open_matches: number;
}

const criteriaOf = (r: {
  brand: string;
  model: string;
  reference: string;
  year_from: number | null;
  year_to: number | null;
  condition_grade: ConditionGrade | null;
  max_price: string | null;
}): WantCriteria => ({
  brand: r.brand,
  model: r.model,
  reference: r.reference,
  yearFrom: r.year_from,
  yearTo: r.year_to,
  conditionGrade: r.condition_grade,
  maxPrice: r.max_price,
});

const iso = (value: Date | string) => new Date(value).toISOString();
const money = (value: string | null) => (value === null ? null : Number(value));

function wantOf(r: WantRow): Want {
  const criteria = criteriaOf(r);
  return {
    id: r.id,
    clientId: r.client_id,
    clientName: r.client_name,
    ...criteria,
    maxPrice: money(r.max_price),
    notes: r.notes,
    active: r.active,
    summary: wantSummary(criteria),
    openMatches: r.open_matches,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

const MATCH_COLUMNS = `m.id, m.shop_id, m.want_id, m.item_id, m.reason, m.matched_at,
  m.price_at_match::text AS price_at_match, m.status, m.emailed_at, m.mail_id, m.dismissed_at,
  w.client_id, c.name AS client_name, coalesce(c.email, '') AS client_email,
  w.brand AS want_brand, w.model AS want_model, w.reference AS want_reference, w.year_from, w.year_to,
  w.condition_grade AS want_grade, w.max_price::text AS max_price,
  i.stock_number, i.brand, i.model, i.reference_number, i.year, i.condition_grade, i.status AS item_status,
  (${OFFERED_PRICE})::text AS price`;

const MATCH_FROM = `FROM want_matches m
  JOIN client_wants w ON w.id = m.want_id
  JOIN client_directory c ON c.id = w.client_id
  JOIN stock_items i ON i.id = m.item_id`;

interface MatchRow {
  id: number;
  shop_id: number;
  want_id: number;
  item_id: number;
  reason: WantMatchReason;
  matched_at: Date;
  price_at_match: string | null;
  status: 'open' | 'emailed' | 'dismissed';
  emailed_at: Date | null;
  mail_id: string | number | null;
  dismissed_at: Date | null;
  client_id: number;
  client_name: string;
  client_email: string;
  want_brand: string;
  want_model: string;
  want_reference: string;
  year_from: number | null;
  year_to: number | null;
  want_grade: ConditionGrade | null;
  max_price: string | null;
  stock_number: number;
  brand: string;
  model: string;
  reference_number: string;
  year: number | null;
  condition_grade: ConditionGrade | null;
  item_status: string;
  price: string | null;
}

function matchOf(r: MatchRow): StoredMatch {
  const want = criteriaOf({
    brand: r.want_brand,
    model: r.want_model,
    reference: r.want_reference,
    year_from: r.year_from,
    year_to: r.year_to,
    condition_grade: r.want_grade,
    max_price: r.max_price,
  });
  return {
    id: r.id,
    shopId: r.shop_id,
    wantId: r.want_id,
    wantSummary: wantSummary(want),
    clientId: r.client_id,
    clientName: r.client_name,
    clientEmail: r.client_email.trim(),
    itemId: r.item_id,
    stockNumber: r.stock_number,
    brand: r.brand,
    model: r.model,
    referenceNumber: r.reference_number,
    year: r.year,
    conditionGrade: r.condition_grade,
    itemStatus: r.item_status,
    reason: r.reason,
    priceAtMatch: money(r.price_at_match),
    price: money(r.price),
    // An open match of an item no longer available is not one to act on (wants-messages.ts: lapsed).
    status: r.status === 'open' && r.item_status !== 'available' ? 'lapsed' : r.status,
    storedStatus: r.status,
    matchedAt: iso(r.matched_at),
    emailedAt: r.emailed_at === null ? null : iso(r.emailed_at),
    dismissedAt: r.dismissed_at === null ? null : iso(r.dismissed_at),
    mailId: r.mail_id === null ? null : Number(r.mail_id),
    want,
  };
}

/** The SQL of a status filter over the match list (see WANT_MATCH_STATUSES). */
function statusCondition(status: WantMatchFilter): string {
  switch (status) {
    case 'open':
      return `m.status = 'open' AND i.status = 'available'`;
    case 'lapsed':
      return `m.status = 'open' AND i.status <> 'available'`;
    case 'emailed':
      return `m.status = 'emailed'`;
    case 'dismissed':
      return `m.status = 'dismissed'`;
    case 'all':
      return 'true';
  }
}

/** Which matches a list shows: the shop's, optionally one item's or one client's, in one status or all. */
export interface MatchFilter {
  status: WantMatchFilter;
  itemId?: number;
  clientId?: number;
}

function matchWhere(shopId: number, filter: MatchFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [shopId];
  const clauses = ['m.shop_id = $1', statusCondition(filter.status)];
  if (filter.itemId !== undefined) {
    params.push(filter.itemId);
    clauses.push(`m.item_id = $${params.length}`);
  }
  if (filter.clientId !== undefined) {
    params.push(filter.clientId);
    clauses.push(`w.client_id = $${params.length}`);
  }
  return { sql: clauses.join(' AND '), params };
}

const CANDIDATE_COLUMNS = `i.id, i.status, i.brand, i.model, i.reference_number, i.year, i.condition_grade,
  (${OFFERED_PRICE})::text AS price`;

interface CandidateRow {
  id: number;
  status: string;
  brand: string;
  model: string;
  reference_number: string;
  year: number | null;
  condition_grade: string | null;
  price: string | null;
}

const candidateOf = (r: CandidateRow): CandidateItem => ({
  id: r.id,
  status: r.status,
  brand: r.brand,
  model: r.model,
  referenceNumber: r.reference_number,
  year: r.year,
  conditionGrade: r.condition_grade,
  price: r.price,
});

/** A want's fields in the column order insertWant and updateWant both write them ($3 to $11). */
const wantValues = (fields: WantFields) => [
  fields.brand,
  fields.model,
  fields.reference,
  fields.yearFrom,
  fields.yearTo,
  fields.conditionGrade,
  fields.maxPrice,
  fields.notes,
  fields.active,
];

export class WantsRepository {
  constructor(private readonly db: Queryable) {}

  // ---------------------------------------------------------------- clients (client_directory)

  /** A client of the shop: name and e-mail ('' when none), or null. */
  async client(
    shopId: number,
    clientId: number,
  ): Promise<{ id: number; name: string; email: string } | null> {
    const rows = await this.db.query<{ id: number; name: string; email: string | null }>(
      'SELECT id, name, email FROM client_directory WHERE shop_id = $1 AND id = $2',
      [shopId, clientId],
    );
    const r = rows[0];
    return r ? { id: r.id, name: r.name, email: (r.email ?? '').trim() } : null;
  }

  // ---------------------------------------------------------------- wants

  async insertWant(
    shopId: number,
    clientId: number,
    fields: WantFields,
    userId: number,
    at: Date,
  ): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO client_wants (shop_id, client_id, brand, model, reference, year_from, year_to, condition_grade,
                                 max_price, notes, active, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12, $13, $13)
       RETURNING id`,
      [shopId, clientId, ...wantValues(fields), userId, at],
    );
    return (rows[0] as { id: number }).id;
  }

  async updateWant(shopId: number, id: number, fields: WantFields, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE client_wants SET brand = $3, model = $4, reference = $5, year_from = $6, year_to = $7,
                               condition_grade = $8, max_price = $9::numeric, notes = $10, active = $11,
                               updated_at = $12
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, ...wantValues(fields), at],
    );
  }

  async deleteWant(shopId: number, id: number): Promise<void> {
    await this.db.query('DELETE FROM client_wants WHERE shop_id = $1 AND id = $2', [shopId, id]);
  }

  /** A want of the shop as the API shows it (locked for the transaction with `lock`), or null. */
  async want(shopId: number, id: number, lock = false): Promise<Want | null> {
    if (lock) {
      const locked = await this.db.query(
        'SELECT id FROM client_wants WHERE shop_id = $1 AND id = $2 FOR UPDATE',
        [shopId, id],
      );
      if (locked.length === 0) return null;
    }
    const rows = await this.db.query<WantRow>(
      `SELECT ${WANT_COLUMNS} FROM client_wants w JOIN client_directory c ON c.id = w.client_id
        WHERE w.shop_id = $1 AND w.id = $2`,
      [shopId, id],
    );
    return rows[0] ? wantOf(rows[0]) : null;
  }

  async countWants(shopId: number, clientId: number, active: boolean | null): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM client_wants w
        WHERE w.shop_id = $1 AND w.client_id = $2 AND ($3::boolean IS NULL OR w.active = $3)`,
      [shopId, clientId, active],
    );
    return rows[0]?.n ?? 0;
  }

  async listWants(
    shopId: number,
    clientId: number,
    active: boolean | null,
    limit: number,
    offset: number,
  ): Promise<Want[]> {
    const rows = await this.db.query<WantRow>(
      `SELECT ${WANT_COLUMNS} FROM client_wants w JOIN client_directory c ON c.id = w.client_id
        WHERE w.shop_id = $1 AND w.client_id = $2 AND ($3::boolean IS NULL OR w.active = $3)
        ORDER BY w.id DESC LIMIT $4 OFFSET $5`,
      [shopId, clientId, active, limit, offset],
    );
    return rows.map(wantOf);
  }

  /** The shop's active wants of a brand (case ignored), for matching an item. */
  async activeWantsOfBrand(shopId: number, brand: string): Promise<StoredWant[]> {
    const rows = await this.db.query<WantRow>(
      `SELECT w.id, w.shop_id, w.client_id, w.brand, w.model, w.reference, w.year_from, w.year_to,
              w.condition_grade, w.max_price::text AS max_price, w.notes, w.active
         FROM client_wants w
        WHERE w.shop_id = $1 AND lower(w.brand) = lower($2) AND w.active
        ORDER BY w.id`,
      [shopId, brand],
    );
    return rows.map((r) => ({
      id: r.id,
      shopId: r.shop_id,
      clientId: r.client_id,
      ...criteriaOf(r),
      maxPrice: r.max_price,
      notes: r.notes,
      active: r.active,
    }));
  }

  // ---------------------------------------------------------------- items (stock_items)

  /** An item of the shop as matching reads it, or null. */
  async candidate(shopId: number, itemId: number): Promise<CandidateItem | null> {
    const rows = await this.db.query<CandidateRow>(
      `SELECT ${CANDIDATE_COLUMNS} FROM stock_items i WHERE i.shop_id = $1 AND i.id = $2`,
      [shopId, itemId],
    );
    return rows[0] ? candidateOf(rows[0]) : null;
  }

  /** The shop's available items of a brand (case ignored): the stock a saved want is searched against. */
  async availableOfBrand(shopId: number, brand: string): Promise<CandidateItem[]> {
    const rows = await this.db.query<CandidateRow>(
      `SELECT ${CANDIDATE_COLUMNS} FROM stock_items i
        WHERE i.shop_id = $1 AND i.status = 'available' AND lower(i.brand) = lower($2)
        ORDER BY i.id`,
      [shopId, brand],
    );
    return rows.map(candidateOf);
  }

  // ---------------------------------------------------------------- matches

  /** The last match of a want and an item (any status): its status and price, or null when there was none. */
  async lastMatch(wantId: number, itemId: number): Promise<{ status: string; price: string | null } | null> {
    const rows = await this.db.query<{ status: string; price: string | null }>(
      `SELECT status, price_at_match::text AS price FROM want_matches
        WHERE want_id = $1 AND item_id = $2 ORDER BY id DESC LIMIT 1`,
      [wantId, itemId],
    );
    return rows[0] ?? null;
  }

  /** Records an open match unless the want and item have one open already; its id, or null when they had. */
  async insertMatch(match: {
    shopId: number;
    wantId: number;
    itemId: number;
    reason: WantMatchReason;
    price: string | null;
    at: Date;
  }): Promise<number | null> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO want_matches (shop_id, want_id, item_id, reason, matched_at, price_at_match)
       VALUES ($1, $2, $3, $4, $5, $6::numeric)
       ON CONFLICT (want_id, item_id) WHERE status = 'open' DO NOTHING
       RETURNING id`,
      [match.shopId, match.wantId, match.itemId, match.reason, match.at, match.price],
    );
    return rows[0]?.id ?? null;
  }

  async countMatches(shopId: number, filter: MatchFilter): Promise<number> {
    const where = matchWhere(shopId, filter);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n ${MATCH_FROM} WHERE ${where.sql}`,
      where.params,
    );
    return rows[0]?.n ?? 0;
  }

  /** A page of matches, newest first. */
  async listMatches(
    shopId: number,
    filter: MatchFilter,
    limit: number,
    offset: number,
  ): Promise<StoredMatch[]> {
    const where = matchWhere(shopId, filter);
    const n = where.params.length;
    const rows = await this.db.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} ${MATCH_FROM} WHERE ${where.sql}
        ORDER BY m.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, limit, offset],
    );
    return rows.map(matchOf);
  }

  /** One match of the shop (its row locked for the transaction with `lock`), or null. */
  async match(shopId: number, id: number, lock = false): Promise<StoredMatch | null> {
    const rows = await this.db.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} ${MATCH_FROM} WHERE m.shop_id = $1 AND m.id = $2${lock ? ' FOR UPDATE OF m' : ''}`,
      [shopId, id],
    );
    return rows[0] ? matchOf(rows[0]) : null;
  }

  /** Claims the match as e-mailed (its message is recorded next: setMail). */
  async markEmailed(
    shopId: number,
    id: number,
    mailId: number | null,
    userId: number,
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `UPDATE want_matches SET status = 'emailed', emailed_at = $3, mail_id = $4, closed_by = $5
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, at, mailId, userId],
    );
  }

  /** The outbox message of an e-mailed match. */
  async setMail(shopId: number, id: number, mailId: number): Promise<void> {
    await this.db.query('UPDATE want_matches SET mail_id = $3 WHERE shop_id = $1 AND id = $2', [
      shopId,
      id,
      mailId,
    ]);
  }

  /** Opens a claimed match again when its e-mail could not be recorded (unless the pair has another open one). */
  async reopen(shopId: number, id: number): Promise<void> {
    await this.db.query(
      `UPDATE want_matches m SET status = 'open', emailed_at = NULL, mail_id = NULL, closed_by = NULL
        WHERE m.shop_id = $1 AND m.id = $2 AND m.status = 'emailed'
          AND NOT EXISTS (SELECT 1 FROM want_matches o
                           WHERE o.want_id = m.want_id AND o.item_id = m.item_id AND o.status = 'open')`,
      [shopId, id],
    );
  }

  async markDismissed(shopId: number, id: number, userId: number, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE want_matches SET status = 'dismissed', dismissed_at = $3, closed_by = $4
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, at, userId],
    );
  }

  // ---------------------------------------------------------------- the e-mail's other facts

  /** The item on the shop's storefront now: the storefront's slug and whether its price is on request. */
  async onStorefront(
    shopId: number,
    itemId: number,
  ): Promise<{ slug: string; priceOnRequest: boolean } | null> {
    const rows = await this.db.query<{ slug: string; price_on_request: boolean }>(
      `SELECT s.slug, o.price_on_request FROM storefront_offers o
         JOIN storefront_shops s ON s.shop_id = o.shop_id AND s.enabled
        WHERE o.shop_id = $1 AND o.item_id = $2`,
      [shopId, itemId],
    );
    const r = rows[0];
    return r ? { slug: r.slug, priceOnRequest: r.price_on_request } : null;
  }

  /** The name the shop trades under (Shop Settings), as its e-mails are signed, and its e-mail address ('' none). */
  async shopSender(shopId: number): Promise<{ name: string; email: string }> {
    const { name, email } = await readShopLetterhead(this.db, shopId);
    return { name, email };
  }

  // ---------------------------------------------------------------- the client's personal data (compliance)

  /** The client's wants and matches, for the subject access export (UK GDPR Art. 15; personal-data.ts). */
  recordsOfClient(shopId: number, clientId: number): Promise<ClientWantsRecords> {
    return clientWantsRecords(this.db, shopId, clientId);
  }

  /** Deletes the client's wants and their matches (UK GDPR Art. 17; personal-data.ts). */
  eraseClient(shopId: number, clientId: number): Promise<ErasedWants> {
    return eraseClientWants(this.db, shopId, clientId);
  }
}
