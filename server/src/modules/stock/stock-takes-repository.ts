import type {
  ItemStatus,
  StockTake,
  StockTakeCounts,
  StockTakeLine,
  StockTakeOutcome,
  StockType,
  UnexpectedReason,
} from '@loupe/contracts';
import { stockTakeScopeLabel, unexpectedReasonText } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

// Stock-takes (migration 014, rules in contracts/src/stock-takes.ts): the counts, their lines, and the live
// figures of an open count, computed from the items and the lines each time they are read.

export interface StockTakeRecord {
  id: number;
  shopId: number;
  stockType: StockType | null;
  location: string | null;
  status: 'open' | 'closed';
  startedAt: Date;
  startedBy: string | null;
  closedAt: Date | null;
  closedBy: string | null;
  /** The frozen figures of a closed count; null while open. */
  frozen: StockTakeCounts | null;
}

/** A count as a scan reads it. */
export interface ScanScope {
  id: number;
  status: 'open' | 'closed';
  stockType: StockType | null;
  location: string | null;
}

/** What a scan stores: the serial and the item as it was seen, with the outcome decided for it. */
export interface NewScanLine {
  serial: string;
  outcome: 'found' | 'unexpected';
  itemId: number | null;
  brand: string;
  model: string;
  stockType: StockType | null;
  location: string;
  itemStatus: ItemStatus | null;
  reason: UnexpectedReason | null;
  clientName: string | null;
  userId: number;
  at: Date;
}

/** The shop's item with a serial, as a scan needs it (its open check-out's client, if any). */
export interface ScannedItem {
  id: number;
  serial: string;
  brand: string;
  model: string;
  stockType: StockType;
  location: string;
  status: ItemStatus;
  clientName: string | null;
}

interface TakeRow {
  id: number;
  shop_id: number;
  stock_type: StockType | null;
  location: string | null;
  status: 'open' | 'closed';
  started_at: Date;
  started_by: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  expected_count: number | null;
  found_count: number | null;
  missing_count: number | null;
  unexpected_count: number | null;
}

const TAKE_SELECT = `
  t.id, t.shop_id, t.stock_type, t.location, t.status, t.started_at, su.username AS started_by, t.closed_at,
  cu.username AS closed_by, t.expected_count, t.found_count, t.missing_count, t.unexpected_count
  FROM stock_takes t
  LEFT JOIN user_directory su ON su.id = t.started_by
  LEFT JOIN user_directory cu ON cu.id = t.closed_by`;

const toRecord = (r: TakeRow): StockTakeRecord => ({
  id: r.id,
  shopId: r.shop_id,
  stockType: r.stock_type,
  location: r.location,
  status: r.status,
  startedAt: new Date(r.started_at),
  startedBy: r.started_by,
  closedAt: r.closed_at === null ? null : new Date(r.closed_at),
  closedBy: r.closed_by,
  frozen:
    r.status === 'closed'
      ? {
          expected: r.expected_count ?? 0,
          found: r.found_count ?? 0,
          missing: r.missing_count ?? 0,
          unexpected: r.unexpected_count ?? 0,
        }
      : null,
});

interface LineRow {
  outcome: StockTakeOutcome;
  serial: string;
  item_id: number | null;
  brand: string;
  model: string;
  stock_type: StockType | null;
  location: string;
  item_status: ItemStatus | null;
  reason: UnexpectedReason | null;
  client_name: string | null;
  scanned_by: string | null;
  scanned_at: Date | null;
  follow_up_reason: string | null;
  follow_up_by: string | null;
  follow_up_at: Date | null;
}

const LINE_SELECT = `
  l.outcome, l.serial, l.item_id, l.brand, l.model, l.stock_type, l.location, l.item_status, l.reason,
  l.client_name, su.username AS scanned_by, l.scanned_at, l.follow_up_reason, fu.username AS follow_up_by,
  l.follow_up_at
  FROM stock_take_lines l
  LEFT JOIN user_directory su ON su.id = l.scanned_by
  LEFT JOIN user_directory fu ON fu.id = l.follow_up_by`;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export const toLine = (r: LineRow): StockTakeLine => ({
  outcome: r.outcome,
  serial: r.serial,
  itemId: r.item_id,
  brand: r.brand,
  model: r.model,
  stockType: r.stock_type,
  location: r.location,
  status: r.item_status,
  reason: r.reason,
  reasonText: r.reason === null ? '' : unexpectedReasonText(r.reason, r.client_name),
  scannedBy: r.scanned_by,
  scannedAt: iso(r.scanned_at),
  followUp:
    r.follow_up_at === null
      ? null
      : {
          action: 'marked_unavailable',
          reason: r.follow_up_reason ?? '',
          by: r.follow_up_by,
          at: new Date(r.follow_up_at).toISOString(),
        },
});

/**
 * The items a count expects and has not seen, for a FROM clause over items `i` given the count `t`: available,
 * in scope, and no line of the count names them (a found one is found; one scanned while it was out and back
 * since was seen).
 */
const UNSEEN_EXPECTED = `
  i.shop_id = t.shop_id AND i.status IN ('available', 'reserved')
  AND (t.stock_type IS NULL OR i.stock_type = t.stock_type)
  AND (t.location IS NULL OR i.location = t.location)
  AND NOT EXISTS (SELECT 1 FROM stock_take_lines s WHERE s.stock_take_id = t.id AND s.item_id = i.id)`;

export class StockTakesRepository {
  constructor(private readonly db: Queryable) {}

  async insert(
    shopId: number,
    scope: { stockType: StockType | null; location: string | null },
    userId: number,
    at: Date,
  ) {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO stock_takes (shop_id, stock_type, location, started_by, started_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [shopId, scope.stockType, scope.location, userId, at],
    );
    return (rows[0] as { id: number }).id;
  }

  /** The shop's count, or null; `lock`: locked FOR UPDATE first (to close it or act on it). */
  async find(shopId: number, id: number, lock = false): Promise<StockTakeRecord | null> {
    if (lock) {
      const locked = await this.db.query(
        'SELECT id FROM stock_takes WHERE shop_id = $1 AND id = $2 FOR UPDATE',
        [shopId, id],
      );
      if (locked.length === 0) return null;
    }
    const rows = await this.db.query<TakeRow>(`SELECT ${TAKE_SELECT} WHERE t.shop_id = $1 AND t.id = $2`, [
      shopId,
      id,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /**
   * What a scan needs of the count (its status and scope), read with a shared lock in one statement: many scans
   * run side by side, while closing (FOR UPDATE) waits for those in flight and later scans see it closed.
   */
  async lockForScan(shopId: number, id: number): Promise<ScanScope | null> {
    const rows = await this.db.query<{
      id: number;
      status: 'open' | 'closed';
      stock_type: StockType | null;
      location: string | null;
    }>('SELECT id, status, stock_type, location FROM stock_takes WHERE shop_id = $1 AND id = $2 FOR SHARE', [
      shopId,
      id,
    ]);
    const row = rows[0];
    return row ? { id: row.id, status: row.status, stockType: row.stock_type, location: row.location } : null;
  }

  async count(shopId: number, status?: 'open' | 'closed'): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_takes WHERE shop_id = $1 AND ($2::varchar IS NULL OR status = $2)',
      [shopId, status ?? null],
    );
    return rows[0]?.n ?? 0;
  }

  async list(shopId: number, status: 'open' | 'closed' | undefined, limit: number, offset: number) {
    const rows = await this.db.query<TakeRow>(
      `SELECT ${TAKE_SELECT} WHERE t.shop_id = $1 AND ($2::varchar IS NULL OR t.status = $2)
        ORDER BY t.id DESC LIMIT $3 OFFSET $4`,
      [shopId, status ?? null, limit, offset],
    );
    return rows.map(toRecord);
  }

  /** The figures: frozen for a closed count, live for an open one (one statement, so they agree). */
  async counts(take: Pick<StockTakeRecord, 'id' | 'frozen'>): Promise<StockTakeCounts> {
    if (take.frozen) return take.frozen;
    const rows = await this.db.query<{ found: number; unexpected: number; missing: number }>(
      `SELECT
         (SELECT count(*)::int FROM stock_take_lines WHERE stock_take_id = t.id AND outcome = 'found') AS found,
         (SELECT count(*)::int FROM stock_take_lines WHERE stock_take_id = t.id AND outcome = 'unexpected')
           AS unexpected,
         (SELECT count(*)::int FROM stock_items i WHERE ${UNSEEN_EXPECTED}) AS missing
         FROM stock_takes t WHERE t.id = $1`,
      [take.id],
    );
    const row = rows[0] ?? { found: 0, unexpected: 0, missing: 0 };
    return {
      expected: row.found + row.missing,
      found: row.found,
      missing: row.missing,
      unexpected: row.unexpected,
    };
  }

  /** Everyone who scanned into the count, in the order of their first scan. */
  async countedBy(id: number): Promise<string[]> {
    const rows = await this.db.query<{ username: string }>(
      `SELECT u.username FROM stock_take_lines l JOIN user_directory u ON u.id = l.scanned_by
        WHERE l.stock_take_id = $1 GROUP BY u.username ORDER BY min(l.id)`,
      [id],
    );
    return rows.map((r) => r.username);
  }

  /** The answer of the API: the record with its figures and counters. */
  async view(take: StockTakeRecord): Promise<StockTake> {
    const [counts, countedBy] = await Promise.all([this.counts(take), this.countedBy(take.id)]);
    const scope = { stockType: take.stockType, location: take.location };
    return {
      id: take.id,
      status: take.status,
      scope,
      scopeLabel: stockTakeScopeLabel(scope),
      startedAt: take.startedAt.toISOString(),
      startedBy: take.startedBy,
      closedAt: take.closedAt === null ? null : take.closedAt.toISOString(),
      closedBy: take.closedBy,
      countedBy,
      counts,
    };
  }

  /** The shop's item with exactly this serial (the items' unique key), and whom it is checked out to. */
  async itemBySerial(shopId: number, serial: string): Promise<ScannedItem | null> {
    const rows = await this.db.query<ScannedItem>(
      `SELECT i.id, i.serial, i.brand, i.model, i.stock_type AS "stockType", i.location, i.status,
              cl.name AS "clientName"
         FROM stock_items i
         LEFT JOIN stock_checkouts c ON c.item_id = i.id AND c.returned_at IS NULL
         LEFT JOIN client_directory cl ON cl.id = c.client_id
        WHERE i.shop_id = $1 AND i.serial = $2`,
      [shopId, serial],
    );
    return rows[0] ?? null;
  }

  /**
   * Stores a scan unless the count already has this serial: the unique key decides between concurrent scans,
   * so exactly one is stored. Returns the stored line, and whether it was this scan's.
   */
  async addScan(takeId: number, line: NewScanLine): Promise<{ line: StockTakeLine; duplicate: boolean }> {
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO stock_take_lines (stock_take_id, serial, outcome, item_id, brand, model, stock_type, location,
                                     item_status, reason, client_name, scanned_by, scanned_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (stock_take_id, serial) DO NOTHING RETURNING id`,
      [
        takeId,
        line.serial,
        line.outcome,
        line.itemId,
        line.brand,
        line.model,
        line.stockType,
        line.location,
        line.itemStatus,
        line.reason,
        line.clientName,
        line.userId,
        line.at,
      ],
    );
    const rows = await this.db.query<LineRow>(
      `SELECT ${LINE_SELECT} WHERE l.stock_take_id = $1 AND l.serial = $2`,
      [takeId, line.serial],
    );
    return { line: toLine(rows[0] as LineRow), duplicate: inserted.length === 0 };
  }

  async countLines(take: StockTakeRecord, outcome: StockTakeOutcome): Promise<number> {
    if (outcome === 'missing' && take.status === 'open') return (await this.counts(take)).missing;
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_take_lines WHERE stock_take_id = $1 AND outcome = $2',
      [take.id, outcome],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * A page of lines: scans newest first; missing items by brand, model and serial — from the items while the
   * count is open, from the lines frozen at closing after.
   */
  async lines(
    take: StockTakeRecord,
    outcome: StockTakeOutcome,
    limit: number,
    offset: number,
  ): Promise<StockTakeLine[]> {
    if (outcome === 'missing' && take.status === 'open') {
      const rows = await this.db.query<LineRow>(
        `SELECT 'missing' AS outcome, i.serial, i.id AS item_id, i.brand, i.model, i.stock_type, i.location,
                i.status AS item_status, NULL AS reason, NULL AS client_name, NULL AS scanned_by,
                NULL AS scanned_at, NULL AS follow_up_reason, NULL AS follow_up_by, NULL AS follow_up_at
           FROM stock_takes t JOIN stock_items i ON ${UNSEEN_EXPECTED}
          WHERE t.id = $1 ORDER BY i.brand, i.model, i.serial LIMIT $2 OFFSET $3`,
        [take.id, limit, offset],
      );
      return rows.map(toLine);
    }
    const order = outcome === 'missing' ? 'l.brand, l.model, l.serial' : 'l.id DESC';
    const rows = await this.db.query<LineRow>(
      `SELECT ${LINE_SELECT} WHERE l.stock_take_id = $1 AND l.outcome = $2 ORDER BY ${order} LIMIT $3 OFFSET $4`,
      [take.id, outcome, limit, offset],
    );
    return rows.map(toLine);
  }

  /**
   * Closes the count: the expected items not seen become its missing lines (as they are now), and the figures
   * are stored from the lines, so the closed count reads the same whatever happens to the stock after.
   */
  async close(take: StockTakeRecord, userId: number, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO stock_take_lines (stock_take_id, serial, outcome, item_id, brand, model, stock_type, location,
                                     item_status)
       SELECT t.id, i.serial, 'missing', i.id, i.brand, i.model, i.stock_type, i.location, i.status
         FROM stock_takes t JOIN stock_items i ON ${UNSEEN_EXPECTED}
        WHERE t.id = $1
       ON CONFLICT (stock_take_id, serial) DO NOTHING`,
      [take.id],
    );
    await this.db.query(
      `UPDATE stock_takes t SET status = 'closed', closed_by = $2, closed_at = $3,
              found_count = f.found, missing_count = f.missing, unexpected_count = f.unexpected,
              expected_count = f.found + f.missing
         FROM (SELECT count(*) FILTER (WHERE outcome = 'found')::int AS found,
                      count(*) FILTER (WHERE outcome = 'missing')::int AS missing,
                      count(*) FILTER (WHERE outcome = 'unexpected')::int AS unexpected
                 FROM stock_take_lines WHERE stock_take_id = $1) f
        WHERE t.id = $1`,
      [take.id, userId, at],
    );
  }

  /** Every line of a closed count, for the variance report: missing, then unexpected, then found. */
  async allLines(takeId: number): Promise<StockTakeLine[]> {
    const rows = await this.db.query<LineRow>(
      `SELECT ${LINE_SELECT} WHERE l.stock_take_id = $1
        ORDER BY CASE l.outcome WHEN 'missing' THEN 0 WHEN 'unexpected' THEN 1 ELSE 2 END,
                 CASE WHEN l.outcome = 'missing' THEN l.brand END, CASE WHEN l.outcome = 'missing' THEN l.model END,
                 l.serial`,
      [takeId],
    );
    return rows.map(toLine);
  }

  /** The missing line of an item, locked for its follow-up; null when the item is no missing item of the count. */
  async missingLine(takeId: number, itemId: number): Promise<{ serial: string; followedUp: boolean } | null> {
    const rows = await this.db.query<{ serial: string; follow_up_at: Date | null }>(
      `SELECT serial, follow_up_at FROM stock_take_lines
        WHERE stock_take_id = $1 AND item_id = $2 AND outcome = 'missing' FOR UPDATE`,
      [takeId, itemId],
    );
    const row = rows[0];
    return row ? { serial: row.serial, followedUp: row.follow_up_at !== null } : null;
  }

  async recordFollowUp(takeId: number, serial: string, reason: string, userId: number, at: Date) {
    await this.db.query(
      `UPDATE stock_take_lines SET follow_up_reason = $3, follow_up_by = $4, follow_up_at = $5
        WHERE stock_take_id = $1 AND serial = $2`,
      [takeId, serial, reason, userId, at],
    );
    const rows = await this.db.query<LineRow>(
      `SELECT ${LINE_SELECT} WHERE l.stock_take_id = $1 AND l.serial = $2`,
      [takeId, serial],
    );
    return toLine(rows[0] as LineRow);
  }

  /** The shop's name and time zone, for the report's heading and times. */
  async shop(shopId: number): Promise<{ name: string; timezone: string }> {
    const rows = await this.db.query<{ name: string; timezone: string }>(
      'SELECT name, timezone FROM shop_directory WHERE id = $1',
      [shopId],
    );
    return rows[0] ?? { name: '', timezone: 'Europe/London' };
  }
}
