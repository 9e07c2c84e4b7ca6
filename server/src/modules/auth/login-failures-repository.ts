import type { Db } from '../../db/database';

/** How many rows of `login_failures` one attempt sees, and the oldest of each, inside the window. */
export interface AttemptCounts {
  pair: number;
  pairOldest: Date | null;
  username: number;
  usernameOldest: Date | null;
  address: number;
  addressOldest: Date | null;
  total: number;
  totalOldest: Date | null;
}

export interface ThrottleLimits {
  pair: number;
  username: number;
  address: number;
  total: number;
}

export type Claim = { allowed: true; id: string } | { allowed: false; counts: AttemptCounts };

/**
 * A row is an attempt that is being checked or has failed: it is written BEFORE the password is hashed and
 * removed when the password proves right, so parallel requests cannot all pass a check that only counted
 * the failures already finished.
 */
export class LoginFailuresRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts and records in one transaction under a table lock, so across every instance sharing the database
   * the check-then-insert cannot interleave: an attempt is recorded only while every count is under its limit.
   * The lock is held for a few milliseconds of bookkeeping, never while hashing.
   */
  async claim(
    username: string,
    clientIp: string,
    now: Date,
    since: Date,
    limits: ThrottleLimits,
  ): Promise<Claim> {
    return this.db.transaction(async (tx) => {
      // SHARE ROW EXCLUSIVE conflicts with itself and with writers, not with plain reads.
      await tx.query('LOCK TABLE login_failures IN SHARE ROW EXCLUSIVE MODE');
      await tx.query('DELETE FROM login_failures WHERE failed_at <= $1', [since]);
      const [row] = await tx.query<{
        pair: string;
        pair_oldest: Date | null;
        username: string;
        username_oldest: Date | null;
        address: string;
        address_oldest: Date | null;
        total: string;
        total_oldest: Date | null;
      }>(
        `SELECT count(*) FILTER (WHERE username = $1 AND client_ip = $2) AS pair,
                min(failed_at) FILTER (WHERE username = $1 AND client_ip = $2) AS pair_oldest,
                count(*) FILTER (WHERE username = $1) AS username,
                min(failed_at) FILTER (WHERE username = $1) AS username_oldest,
                count(*) FILTER (WHERE client_ip = $2) AS address,
                min(failed_at) FILTER (WHERE client_ip = $2) AS address_oldest,
                count(*) AS total,
                min(failed_at) AS total_oldest
           FROM login_failures WHERE failed_at > $3`,
        [username, clientIp, since],
      );
      const date = (value: Date | null) => (value === null ? null : new Date(value));
      const counts: AttemptCounts = {
        pair: Number(row?.pair ?? 0),
        pairOldest: date(row?.pair_oldest ?? null),
        username: Number(row?.username ?? 0),
        usernameOldest: date(row?.username_oldest ?? null),
        address: Number(row?.address ?? 0),
        addressOldest: date(row?.address_oldest ?? null),
        total: Number(row?.total ?? 0),
        totalOldest: date(row?.total_oldest ?? null),
      };
      if (
        counts.pair >= limits.pair ||
        counts.username >= limits.username ||
        counts.address >= limits.address ||
        counts.total >= limits.total
      ) {
        return { allowed: false, counts };
      }
      const [inserted] = await tx.query<{ id: string }>(
        'INSERT INTO login_failures (username, client_ip, failed_at) VALUES ($1, $2, $3) RETURNING id',
        [username, clientIp, now],
      );
      return { allowed: true, id: String(inserted?.id) };
    });
  }

  /** The password was right: this attempt was no failure, and the earlier ones from here are forgiven. */
  async release(id: string, username: string, clientIp: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE id = $1 OR (username = $2 AND client_ip = $3)', [
      id,
      username,
      clientIp,
    ]);
  }
}
