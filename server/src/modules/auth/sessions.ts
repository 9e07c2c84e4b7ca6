import { createHash, randomBytes } from 'node:crypto';
import type { AuthCheck, Role, Shop, User } from '@loupe/contracts';
import type { Config } from '../../config';
import { SessionsRepository } from './sessions-repository';

export interface Caller {
  sessionKeyHash: string;
  user: User;
  role: Role | null;
  shop: Shop | null;
}

interface CachedSession {
  caller: Caller;
  createdMs: number;
  /** last_seen_at as stored in the database. */
  lastSeenMs: number;
  fetchedMs: number;
}

const SESSION_KEY = /^[A-Za-z0-9_-]{43}$/;
/** Writing last-seen on every request would turn every read into a write; a minute's precision is plenty. */
const TOUCH_AFTER_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;

export function hashSessionKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function toAuthCheck(caller: Caller | null): AuthCheck {
  return caller
    ? { user: caller.user, role: caller.role, shop: caller.shop }
    : { user: null, role: null, shop: null };
}

/**
 * Server-side sessions. Looked-up sessions are kept in memory for SESSION_CACHE_SECONDS: one database round
 * trip (a quarter of a millisecond even on the embedded database) would otherwise dominate every signed-in
 * request. Whatever this process changes (sign-out, password, role, profile) drops the affected entries at once.
 */
export class SessionService {
  readonly idleMs: number;
  readonly maxMs: number;
  private readonly cacheMs: number;
  private readonly cache = new Map<string, CachedSession>();

  constructor(
    private readonly repo: SessionsRepository,
    config: Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours' | 'sessionCacheSeconds'>,
    private readonly now: () => Date,
  ) {
    this.idleMs = config.sessionIdleMinutes * 60_000;
    this.maxMs = config.sessionMaxHours * 3_600_000;
    this.cacheMs = config.sessionCacheSeconds * 1000;
  }

  /** Starts a session under a new random id (256 bits) and returns the id for the cookie. */
  async start(userId: number): Promise<string> {
    const now = this.now();
    // Sign-in is rare enough to carry the sweep of expired sessions.
    await this.repo.deleteExpired(
      new Date(now.getTime() - this.maxMs),
      new Date(now.getTime() - this.idleMs),
    );
    const key = randomBytes(32).toString('base64url');
    await this.repo.create(hashSessionKey(key), userId, now);
    return key;
  }

  async resolve(key: string | undefined): Promise<Caller | null> {
    if (!key || !SESSION_KEY.test(key)) return null;
    const keyHash = hashSessionKey(key);
    const nowMs = this.now().getTime();
    let entry = this.cache.get(keyHash);
    if (entry && nowMs - entry.fetchedMs >= this.cacheMs) {
      this.cache.delete(keyHash);
      entry = undefined;
    }
    if (!entry) {
      const row = await this.repo.findLive(
        keyHash,
        new Date(nowMs - this.maxMs),
        new Date(nowMs - this.idleMs),
      );
      if (!row) return null;
      entry = {
        caller: {
          sessionKeyHash: keyHash,
          user: {
            id: row.user_id,
            username: row.username,
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
          },
          role: row.role,
          shop:
            row.shop_id !== null && row.shop_name !== null && row.shop_time_zone !== null
              ? { id: row.shop_id, name: row.shop_name, time_zone: row.shop_time_zone }
              : null,
        },
        createdMs: new Date(row.created_at).getTime(),
        lastSeenMs: new Date(row.last_seen_at).getTime(),
        fetchedMs: nowMs,
      };
      if (this.cacheMs > 0) this.remember(keyHash, entry);
    }
    // The same limits as the query's, for an entry served from memory.
    if (nowMs - entry.createdMs >= this.maxMs || nowMs - entry.lastSeenMs >= this.idleMs) {
      this.cache.delete(keyHash);
      return null;
    }
    if (nowMs - entry.lastSeenMs >= TOUCH_AFTER_MS) {
      entry.lastSeenMs = nowMs;
      await this.repo.touch(keyHash, new Date(nowMs));
    }
    return entry.caller;
  }

  async end(key: string | undefined): Promise<void> {
    if (!key || !SESSION_KEY.test(key)) return;
    const keyHash = hashSessionKey(key);
    this.cache.delete(keyHash);
    await this.repo.delete(keyHash);
  }

  /** Drops cached sessions of a user whose password, profile or memberships changed. */
  forgetUser(userId: number): void {
    for (const [keyHash, entry] of this.cache)
      if (entry.caller.user.id === userId) this.cache.delete(keyHash);
  }

  private remember(keyHash: string, entry: CachedSession): void {
    if (this.cache.size >= CACHE_MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(keyHash, entry);
  }
}
