import type { ShopMembership } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** Everything a request needs to know about its caller, read in one indexed query. */
export interface SessionRow {
  user_id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  must_change_password: boolean;
  public_id: string;
  created_at: Date;
  last_seen_at: Date;
  active_shop_id: number | null;
  /** The active shop's "Silver sees costs and profit" (documents' published settings); false without one. */
  silver_sees_costs: boolean;
  /**
   * The user is the active shop's nominated officer (MLR 2017 reg. 21(3)), as an active member; false without
   * one. Read from the memberships' row of the same query.
   */
  nominated_officer: boolean;
  /** Every active membership of the user, ordered by shop name. */
  shops: ShopMembership[];
}

/** One of a user's sessions, as "Your sessions" lists it. */
export interface SessionSummary {
  key_hash: string;
  public_id: string;
  user_agent: string;
  ip_address: string;
  created_at: Date;
  last_seen_at: Date;
}

export interface NewSession {
  keyHash: string;
  userId: number;
  now: Date;
  userAgent: string;
  ipAddress: string;
  /** The shop to work in; null picks the one the user worked in last, else their highest role's. */
  shopId: number | null;
}

/** Platinum, then gold, then silver. */
const ROLE_RANK = `CASE m.role WHEN 'platinum' THEN 0 WHEN 'gold' THEN 1 ELSE 2 END`;

export class SessionsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Creates the session in the shop given, else the user's last shop while they are still an active member of
   * it, else their highest role's (then the oldest shop); a user without a last shop gets this one remembered.
   * A shop given must still be an active membership of the user, or the session starts in none.
   */
  async create(session: NewSession): Promise<void> {
    await this.db.query(
      `WITH pick AS (
         SELECT m.shop_id FROM membership_directory m JOIN users u ON u.id = m.user_id
          WHERE m.user_id = $2 AND m.active AND ($6::integer IS NULL OR m.shop_id = $6)
          ORDER BY COALESCE(m.shop_id = u.last_shop_id, false) DESC, ${ROLE_RANK}, m.shop_id
          LIMIT 1
       ), remembered AS (
         UPDATE users SET last_shop_id = (SELECT shop_id FROM pick)
          WHERE id = $2 AND last_shop_id IS NULL AND EXISTS (SELECT 1 FROM pick)
       )
       INSERT INTO sessions (key_hash, user_id, created_at, last_seen_at, user_agent, ip_address, active_shop_id)
       VALUES ($1, $2, $3, $3, $4, $5, (SELECT shop_id FROM pick))`,
      [session.keyHash, session.userId, session.now, session.userAgent, session.ipAddress, session.shopId],
    );
  }

  /**
   * The session, its user and every shop the user is an active member of (the active shop among them). The
   * memberships come aggregated in the same row: a second query would double the cost of a cache miss. A session
   * past its idle or absolute limit reads as no session.
   */
  async findLive(keyHash: string, createdAfter: Date, seenAfter: Date): Promise<SessionRow | null> {
    const rows = await this.db.query<SessionRow>(
      `SELECT u.id AS user_id, u.username, u.email, u.first_name, u.last_name, u.must_change_password,
              s.public_id, s.created_at, s.last_seen_at, s.active_shop_id,
              COALESCE((SELECT ds.silver_sees_costs FROM shop_document_settings ds
                         WHERE ds.shop_id = s.active_shop_id), false) AS silver_sees_costs,
              COALESCE((
                SELECT json_agg(json_build_object(
                         'id', sh.id, 'name', sh.name, 'time_zone', sh.timezone, 'role', m.role,
                         'is_new', m.seen_at IS NULL, 'nominated_officer', m.nominated_officer
                       ) ORDER BY sh.name, sh.id)
                  FROM membership_directory m JOIN shop_directory sh ON sh.id = m.shop_id
                 WHERE m.user_id = u.id AND m.active
              ), '[]'::json) AS shops
         FROM sessions s
         JOIN users u ON u.id = s.user_id AND u.is_active
        WHERE s.key_hash = $1 AND s.created_at > $2 AND s.last_seen_at > $3`,
      [keyHash, createdAfter, seenAfter],
    );
    const row = rows[0];
    if (!row) return null;
    // pg and PGlite both parse json; a driver that hands back text still works.
    const shops: unknown = row.shops;
    const memberships = (typeof shops === 'string' ? JSON.parse(shops) : shops) as Array<
      ShopMembership & { nominated_officer?: boolean }
    >;
    // The nominated officer flag comes with the memberships already read (no subquery of its own: +60-80 µs a
    // miss, measured); only the active shop's counts, and the list goes on without it.
    return {
      ...row,
      nominated_officer: memberships.some((m) => m.id === row.active_shop_id && m.nominated_officer === true),
      shops: memberships.map(({ nominated_officer: _officer, ...shop }) => shop),
    };
  }

  /** The user's live sessions, most recently used first. */
  async listLive(userId: number, createdAfter: Date, seenAfter: Date): Promise<SessionSummary[]> {
    return this.db.query<SessionSummary>(
      `SELECT key_hash, public_id, user_agent, ip_address, created_at, last_seen_at
         FROM sessions
        WHERE user_id = $1 AND created_at > $2 AND last_seen_at > $3
        ORDER BY last_seen_at DESC, created_at DESC, public_id`,
      [userId, createdAfter, seenAfter],
    );
  }

  async touch(keyHash: string, now: Date): Promise<void> {
    await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE key_hash = $1', [keyHash, now]);
  }

  /** The session works in this shop from now on, and so will its user's next sign-in. */
  async setActiveShop(keyHash: string, shopId: number): Promise<void> {
    await this.db.query(
      `WITH chosen AS (
         UPDATE sessions SET active_shop_id = $2 WHERE key_hash = $1 RETURNING user_id
       )
       UPDATE users SET last_shop_id = $2 WHERE id = (SELECT user_id FROM chosen)`,
      [keyHash, shopId],
    );
  }

  async delete(keyHash: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE key_hash = $1', [keyHash]);
  }

  /** Ends one of the user's sessions by its public id; the key hash it had, or null when there was none. */
  async deleteByPublicId(userId: number, publicId: string): Promise<string | null> {
    const rows = await this.db.query<{ key_hash: string }>(
      'DELETE FROM sessions WHERE user_id = $1 AND public_id = $2 RETURNING key_hash',
      [userId, publicId],
    );
    return rows[0]?.key_hash ?? null;
  }

  /** Ends every session of the user but one; the key hashes ended. */
  async deleteOthers(userId: number, keepKeyHash: string): Promise<string[]> {
    const rows = await this.db.query<{ key_hash: string }>(
      'DELETE FROM sessions WHERE user_id = $1 AND key_hash <> $2 RETURNING key_hash',
      [userId, keepKeyHash],
    );
    return rows.map((row) => row.key_hash);
  }

  /** Ends every session of the user; what each said about its browser. */
  async deleteAll(
    userId: number,
  ): Promise<Array<Pick<SessionSummary, 'key_hash' | 'user_agent' | 'ip_address'>>> {
    return this.db.query(
      'DELETE FROM sessions WHERE user_id = $1 RETURNING key_hash, user_agent, ip_address',
      [userId],
    );
  }

  async deleteExpired(createdBefore: Date, seenBefore: Date): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE created_at <= $1 OR last_seen_at <= $2', [
      createdBefore,
      seenBefore,
    ]);
  }
}
