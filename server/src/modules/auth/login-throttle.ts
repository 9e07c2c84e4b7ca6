import { LoginFailuresRepository } from './login-failures-repository';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

/** Sign-in throttling per username and client address, shared by every instance through the database. */
export class LoginThrottle {
  constructor(
    private readonly repo: LoginFailuresRepository,
    private readonly now: () => Date,
  ) {}

  private static key(username: string): string {
    return username.toLowerCase();
  }

  /** Seconds until the next attempt is allowed, or null when it is allowed now. */
  async retryAfter(username: string, clientIp: string): Promise<number | null> {
    const now = this.now().getTime();
    const recent = await this.repo.recent(
      LoginThrottle.key(username),
      clientIp,
      new Date(now - WINDOW_MS),
      MAX_FAILURES,
    );
    if (recent.length < MAX_FAILURES) return null;
    // Blocked until the oldest of the last ten failures leaves the window.
    const oldest = recent[MAX_FAILURES - 1] as Date;
    return Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - now) / 1000));
  }

  async recordFailure(username: string, clientIp: string): Promise<void> {
    const now = this.now();
    await this.repo.purgeBefore(new Date(now.getTime() - WINDOW_MS));
    await this.repo.record(LoginThrottle.key(username), clientIp, now);
  }

  async recordSuccess(username: string, clientIp: string): Promise<void> {
    await this.repo.clear(LoginThrottle.key(username), clientIp);
  }
}
