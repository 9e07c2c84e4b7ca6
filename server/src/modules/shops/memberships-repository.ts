import type { Membership, Role, Shop } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

const MEMBERSHIP_COLUMNS = 'id, user_id AS "user", role, active';

export class MembershipsRepository {
  constructor(private readonly db: Queryable) {}

  /** The caller's role in one shop; an inactive membership grants nothing. */
  async activeRole(userId: number, shopId: number): Promise<Role | null> {
    const rows = await this.db.query<{ role: Role }>(
      'SELECT role FROM memberships WHERE user_id = $1 AND shop_id = $2 AND active',
      [userId, shopId],
    );
    return rows[0]?.role ?? null;
  }

  async list(shopId: number, roles: readonly Role[]): Promise<Membership[]> {
    return this.db.query<Membership>(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships WHERE shop_id = $1 AND role = ANY($2::varchar[]) ORDER BY id`,
      [shopId, roles],
    );
  }

  async find(shopId: number, userId: number): Promise<Membership | null> {
    const rows = await this.db.query<Membership>(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships WHERE shop_id = $1 AND user_id = $2 FOR UPDATE`,
      [shopId, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * `seenAt` null: the member is told of it (is_new) at their next look; a membership the member set up
   * themselves (a shop's owner, the demo) is created seen.
   */
  async create(
    shopId: number,
    userId: number,
    role: Role,
    active: boolean,
    now: Date,
    seenAt: Date | null = null,
  ): Promise<Membership> {
    const rows = await this.db.query<Membership>(
      `INSERT INTO memberships (shop_id, user_id, role, active, created_at, updated_at, seen_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6) RETURNING ${MEMBERSHIP_COLUMNS}`,
      [shopId, userId, role, active, now, seenAt],
    );
    return rows[0] as Membership;
  }

  /**
   * Re-activating a membership makes it new again: its member is told, as of a first grant. A member revoked or
   * made silver stops being the nominated officer (MLR 2017 reg. 21(3) wants a senior member).
   */
  async update(id: number, role: Role, active: boolean, now: Date): Promise<Membership> {
    const rows = await this.db.query<Membership>(
      `UPDATE memberships
          SET role = $2, active = $3, updated_at = $4,
              nominated_officer = nominated_officer AND $3::boolean AND $2::varchar <> 'silver',
              seen_at = CASE WHEN $3 AND NOT active THEN NULL ELSE seen_at END
        WHERE id = $1 RETURNING ${MEMBERSHIP_COLUMNS}`,
      [id, role, active, now],
    );
    return rows[0] as Membership;
  }

  /**
   * The member has seen their active membership of this shop (a first sight keeps its time); false when they
   * are no active member there.
   */
  async markSeen(userId: number, shopId: number, now: Date): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>(
      `UPDATE memberships SET seen_at = COALESCE(seen_at, $3)
        WHERE user_id = $1 AND shop_id = $2 AND active RETURNING id`,
      [userId, shopId, now],
    );
    return rows.length > 0;
  }

  /** The shop's nominated officer (MLR 2017 reg. 21(3)) as a user id, or null when nobody is named. */
  async nominatedOfficer(shopId: number): Promise<number | null> {
    const rows = await this.db.query<{ user_id: number }>(
      'SELECT user_id FROM memberships WHERE shop_id = $1 AND nominated_officer AND active',
      [shopId],
    );
    return rows[0]?.user_id ?? null;
  }

  /**
   * Names `userId` the shop's nominated officer (null: nobody), in the caller's transaction; the previous one is
   * stood down first, as the partial unique index allows one per shop. Answers the user stood down, if any.
   */
  async setNominatedOfficer(shopId: number, userId: number | null, now: Date): Promise<number | null> {
    const cleared = await this.db.query<{ user_id: number }>(
      `UPDATE memberships SET nominated_officer = false, updated_at = $3
        WHERE shop_id = $1 AND nominated_officer AND user_id IS DISTINCT FROM $2::integer RETURNING user_id`,
      [shopId, userId, now],
    );
    if (userId !== null) {
      await this.db.query(
        `UPDATE memberships SET nominated_officer = true, updated_at = $3
          WHERE shop_id = $1 AND user_id = $2 AND NOT nominated_officer`,
        [shopId, userId, now],
      );
    }
    return cleared[0]?.user_id ?? null;
  }

  /** `timeZone` unset: the column's default, Europe/London. */
  async createShop(name: string, now: Date, timeZone?: string): Promise<Shop> {
    const rows = await this.db.query<Shop>(
      `INSERT INTO shops (name, created_at, timezone) VALUES ($1, $2, COALESCE($3, 'Europe/London'))
       RETURNING id, name, timezone AS time_zone`,
      [name, now, timeZone ?? null],
    );
    return rows[0] as Shop;
  }

  /** The shop's time zone (Settings), in the caller's transaction. */
  async setTimeZone(shopId: number, timeZone: string): Promise<void> {
    await this.db.query('UPDATE shops SET timezone = $2 WHERE id = $1', [shopId, timeZone]);
  }

  /** A zone the database can compute days in, spelt exactly as it names it (an IANA name: Europe/London). */
  async isKnownTimeZone(name: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', [name]);
    return rows.length > 0;
  }

  async hasAnyShop(): Promise<boolean> {
    const rows = await this.db.query<{ one: number }>('SELECT 1 AS one FROM shops LIMIT 1');
    return rows.length > 0;
  }

  async userExists(userId: number): Promise<boolean> {
    const rows = await this.db.query<{ one: number }>('SELECT 1 AS one FROM user_directory WHERE id = $1', [
      userId,
    ]);
    return rows.length > 0;
  }
}
