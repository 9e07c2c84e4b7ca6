import type { Queryable } from '../../db/database';

export class LoginFailuresRepository {
  constructor(private readonly db: Queryable) {}

  /** Failure times since `since` for one username and address, newest first, at most `limit`. */
  async recent(username: string, clientIp: string, since: Date, limit: number): Promise<Date[]> {
    const rows = await this.db.query<{ failed_at: Date }>(
      `SELECT failed_at FROM login_failures
        WHERE username = $1 AND client_ip = $2 AND failed_at > $3
        ORDER BY failed_at DESC LIMIT $4`,
      [username, clientIp, since, limit],
    );
    return rows.map((r) => new Date(r.failed_at));
  }

  async record(username: string, clientIp: string, now: Date): Promise<void> {
    await this.db.query('INSERT INTO login_failures (username, client_ip, failed_at) VALUES ($1, $2, $3)', [
      username,
      clientIp,
      now,
    ]);
  }

  async clear(username: string, clientIp: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE username = $1 AND client_ip = $2', [
      username,
      clientIp,
    ]);
  }

  async purgeBefore(before: Date): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE failed_at <= $1', [before]);
  }
}
