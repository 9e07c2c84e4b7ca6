import type { Role } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** Everything a request needs to know about its caller, read in one indexed query. */
export interface SessionRow {
  user_id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  last_seen_at: Date;
  role: Role | null;
  shop_id: number | null;
  shop_name: string | null;
  shop_time_zone: string | null;
}

export class SessionsRepository {
  constructor(private readonly db: Queryable) {}

  async create(keyHash: string, userId: number, now: Date): Promise<void> {
    await this.db.query(
      'INSERT INTO sessions (key_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)',
      [keyHash, userId, now],
    );
  }

  /**
   * The session, its user and the user's main shop (the highest role of their active memberships, then the
   * oldest shop). A session past its idle or absolute limit reads as no session.
   */
  async findLive(keyHash: string, createdAfter: Date, seenAfter: Date): Promise<SessionRow | null> {
    const rows = await this.db.query<SessionRow>(
      `SELECT u.id AS user_id, u.username, u.email, u.first_name, u.last_name, s.created_at, s.last_seen_at,
              m.role, m.shop_id, sh.name AS shop_name, sh.timezone AS shop_time_zone
         FROM sessions s
         JOIN users u ON u.id = s.user_id AND u.is_active
         LEFT JOIN LATERAL (
           SELECT mm.role, mm.shop_id FROM memberships mm
            WHERE mm.user_id = u.id AND mm.active
            ORDER BY CASE mm.role WHEN 'platinum' THEN 0 WHEN 'gold' THEN 1 ELSE 2 END, mm.shop_id
            LIMIT 1
         ) m ON true
         LEFT JOIN shops sh ON sh.id = m.shop_id
        WHERE s.key_hash = $1 AND s.created_at > $2 AND s.last_seen_at > $3`,
      [keyHash, createdAfter, seenAfter],
    );
    return rows[0] ?? null;
  }

  async touch(keyHash: string, now: Date): Promise<void> {
    await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE key_hash = $1', [keyHash, now]);
  }

  async delete(keyHash: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE key_hash = $1', [keyHash]);
  }

  async deleteOthers(userId: number, keepKeyHash: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE user_id = $1 AND key_hash <> $2', [userId, keepKeyHash]);
  }

  async deleteExpired(createdBefore: Date, seenBefore: Date): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE created_at <= $1 OR last_seen_at <= $2', [
      createdBefore,
      seenBefore,
    ]);
  }
}
