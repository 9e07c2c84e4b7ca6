import { ApiError } from '../../kernel/http-errors';
import type { AttemptCounts, LoginFailuresRepository, ThrottleLimits } from './login-failures-repository';

export const WINDOW_MS = 15 * 60_000;

/**
 * Failed (or in-flight) password checks allowed per 15 minutes. Ten per username from one address is the
 * brute-force limit; a username across every address gets more, so that someone elsewhere cannot lock a
 * named user out with ten guesses; one address gets more still, since a shop's staff share its address;
 * the overall cap bounds the hashing work a flood of changing usernames and addresses can cause.
 */
export const LIMITS: ThrottleLimits = { pair: 10, username: 50, address: 100, total: 1000 };
export const MAX_FAILURES = LIMITS.pair;

export const throttled = (seconds: number) =>
  new ApiError(
    429,
    { detail: `Request was throttled. Expected available in ${seconds} seconds.` },
    { 'retry-after': String(seconds) },
  );

/**
 * Password checks throttled per username and address, per username, per address and overall, shared by
 * every instance through the database. It lives in the database, unlike the general request limit, because
 * it must hold across instances and restarts: an attacker who could reset it by hitting another instance,
 * or by waiting for a deploy, would get unlimited guesses.
 */
export class LoginThrottle {
  constructor(
    private readonly repo: LoginFailuresRepository,
    private readonly now: () => Date,
    private readonly limits: ThrottleLimits = LIMITS,
  ) {}

  /** Case-blind; lower-casing can lengthen a name ('İ' becomes two characters), so it is cut to the column. */
  private static key(username: string): string {
    return [...username.toLowerCase()].slice(0, 150).join('');
  }

  /**
   * Claims one attempt before the password is hashed: the attempt is counted at once, so N parallel requests
   * get at most the limit of checks and the rest a 429 with Retry-After. The attempt stays counted as a
   * failure unless `succeeded` is called.
   */
  async attempt(username: string, clientIp: string): Promise<{ succeeded(): Promise<void> }> {
    const now = this.now();
    const key = LoginThrottle.key(username);
    const claim = await this.repo.claim(key, clientIp, now, new Date(now.getTime() - WINDOW_MS), this.limits);
    if (!claim.allowed) throw throttled(this.retryAfter(claim.counts, now.getTime()));
    return { succeeded: () => this.repo.release(claim.id, key, clientIp) };
  }

  /** Until the oldest attempt of the fullest scope leaves the window, when that scope has room again. */
  private retryAfter(counts: AttemptCounts, now: number): number {
    const full: Array<[number, number, Date | null]> = [
      [counts.pair, this.limits.pair, counts.pairOldest],
      [counts.username, this.limits.username, counts.usernameOldest],
      [counts.address, this.limits.address, counts.addressOldest],
      [counts.total, this.limits.total, counts.totalOldest],
    ];
    let seconds = 1;
    for (const [count, limit, oldest] of full) {
      if (count >= limit && oldest) {
        seconds = Math.max(seconds, Math.ceil((oldest.getTime() + WINDOW_MS - now) / 1000));
      }
    }
    return seconds;
  }
}
