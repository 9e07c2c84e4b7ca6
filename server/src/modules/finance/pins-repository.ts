import type { ReportRange, ReportType } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

export interface PinRow {
  id: number;
  type: ReportType;
  range: ReportRange;
  from: string | null;
  to: string | null;
  createdAt: string;
}

const COLUMNS = `id, report_type AS type, range, date_from::text AS "from", date_to::text AS "to",
  created_at AS "createdAt"`;

const toPin = (r: Omit<PinRow, 'createdAt'> & { createdAt: Date | string }): PinRow => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** Reports pinned to a user's dashboard ("Add to Dash"): each user's own, in the shop they were pinned in. */
export class PinsRepository {
  constructor(private readonly db: Queryable) {}

  async list(shopId: number, userId: number): Promise<PinRow[]> {
    const rows = await this.db.query<PinRow>(
      `SELECT ${COLUMNS} FROM dashboard_pins WHERE shop_id = $1 AND user_id = $2 ORDER BY id`,
      [shopId, userId],
    );
    return rows.map(toPin);
  }

  async count(shopId: number, userId: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM dashboard_pins WHERE shop_id = $1 AND user_id = $2',
      [shopId, userId],
    );
    return rows[0]?.n ?? 0;
  }

  /** The new pin, or the one this user already has for the same report (the unique index decides races). */
  async add(pin: {
    shopId: number;
    userId: number;
    type: ReportType;
    range: ReportRange;
    from: string | null;
    to: string | null;
    at: Date;
  }): Promise<{ pin: PinRow; created: boolean }> {
    const params = [pin.shopId, pin.userId, pin.type, pin.range, pin.from, pin.to];
    const inserted = await this.db.query<PinRow>(
      `INSERT INTO dashboard_pins (shop_id, user_id, report_type, range, date_from, date_to, created_at)
       VALUES ($1, $2, $3, $4, $5::date, $6::date, $7)
       ON CONFLICT (shop_id, user_id, report_type, range, coalesce(date_from, '0001-01-01'),
                    coalesce(date_to, '0001-01-01')) DO NOTHING
       RETURNING ${COLUMNS}`,
      [...params, pin.at],
    );
    if (inserted[0]) return { pin: toPin(inserted[0]), created: true };
    const existing = await this.db.query<PinRow>(
      `SELECT ${COLUMNS} FROM dashboard_pins
        WHERE shop_id = $1 AND user_id = $2 AND report_type = $3 AND range = $4
          AND date_from IS NOT DISTINCT FROM $5::date AND date_to IS NOT DISTINCT FROM $6::date`,
      params,
    );
    return { pin: toPin(existing[0] as PinRow), created: false };
  }

  /** Whether the user's own pin existed (another user's or shop's pin is not theirs to see). */
  async remove(shopId: number, userId: number, id: number): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>(
      'DELETE FROM dashboard_pins WHERE id = $1 AND shop_id = $2 AND user_id = $3 RETURNING id',
      [id, shopId, userId],
    );
    return rows.length > 0;
  }
}
