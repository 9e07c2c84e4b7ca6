import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PERMISSION_SETTINGS,
  SIGNED_OUT_AUTH_CHECK,
  type AuthCheck,
  type PermissionSettings,
  type Role,
  type Shop,
  type ShopMembership,
  type User,
} from '@loupe/contracts';
import type { Config } from '../../config';
import { SessionsRepository, type SessionSummary } from './sessions-repository';

export interface Caller {
  sessionKeyHash: string;
  /** The session's public handle ("Your sessions"), never its cookie value. */
  sessionId: string;
  user: User;
  /** The session's active shop and the caller's role there; null when it is not (or no longer) theirs. */
  role: Role | null;
  shop: Shop | null;
  shops: ShopMembership[];
  mustChangePassword: boolean;
  /** The active shop's choices that widen what a role may do; all off when there is no active shop. */
  permissionSettings: PermissionSettings;
}

/** What the browser said about itself when the session began. */
export interface SessionOrigin {
  userAgent: string;
  ip: string;
}

/** The request's browser and address (request.ip: the trust-proxy rules decide it). */
export const sessionOrigin = (request: FastifyRequest): SessionOrigin => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
});

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
/** The column's width (sessions.user_agent); a longer User-Agent names no more of a device. */
const USER_AGENT_MAX_CHARS = 512;
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashSessionKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function toAuthCheck(caller: Caller | null): AuthCheck {
  return caller
    ? {
        user: caller.user,
        role: caller.role,
        shop: caller.shop,
        shops: caller.shops,
        must_change_password: caller.mustChangePassword,
        permission_settings: caller.permissionSettings,
      }
    : SIGNED_OUT_AUTH_CHECK;
}

/** Cut to the column in characters (not UTF-16 units, which could split a pair), without control characters. */
function storableUserAgent(userAgent: string): string {
  // eslint-disable-next-line no-control-regex
  return Array.from(userAgent.replace(/[\u0000-\u001f\u007f]/g, ''))
    .slice(0, USER_AGENT_MAX_CHARS)
    .join('');
}

/** The active shop as the session chose it, only while the user is still an active member there. */
function activeShop(shops: readonly ShopMembership[], shopId: number | null): ShopMembership | undefined {
  return shopId === null ? undefined : shops.find((shop) => shop.id === shopId);
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

  /**
   * Starts a session under a new random id and returns the id for the cookie. It works in the shop the user
   * worked in last while they are still a member there, else in their highest role's.
   */
  async start(userId: number, origin: SessionOrigin): Promise<string> {
    const now = this.now();
    // Sign-in is rare enough to carry the sweep of expired sessions.
    await this.repo.deleteExpired(
      new Date(now.getTime() - this.maxMs),
      new Date(now.getTime() - this.idleMs),
    );
    return this.create(this.repo, userId, origin, null);
  }

  /**
   * A new session id after a password change (ASVS 3.3): every session of the caller's user ends, this one
   * included, and one new session takes its place: the same shop, device and address. `repo` is the transaction
   * that changes the password, so both happen or neither; call forgetUser once it committed. `origin` stands in
   * should the caller's session have ended meanwhile. Returns the new id for the cookie.
   */
  async replaceAll(caller: Caller, origin: SessionOrigin, repo: SessionsRepository): Promise<string> {
    const ended = await repo.deleteAll(caller.user.id);
    const own = ended.find((session) => session.key_hash === caller.sessionKeyHash);
    return this.create(
      repo,
      caller.user.id,
      own ? { userAgent: own.user_agent, ip: own.ip_address } : origin,
      caller.shop?.id ?? null,
    );
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
      const shop = activeShop(row.shops, row.active_shop_id);
      entry = {
        caller: {
          sessionKeyHash: keyHash,
          sessionId: row.public_id,
          user: {
            id: row.user_id,
            username: row.username,
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
          },
          role: shop?.role ?? null,
          shop: shop ? { id: shop.id, name: shop.name, time_zone: shop.time_zone } : null,
          shops: row.shops,
          mustChangePassword: row.must_change_password,
          // The shop's settings apply in it only: no active shop, no widening.
          permissionSettings: shop ? { silverSeesCosts: row.silver_sees_costs } : DEFAULT_PERMISSION_SETTINGS,
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

  /** The user's live sessions (within the idle and absolute limits), most recently used first. */
  async listLive(userId: number): Promise<SessionSummary[]> {
    const nowMs = this.now().getTime();
    return this.repo.listLive(userId, new Date(nowMs - this.maxMs), new Date(nowMs - this.idleMs));
  }

  /** Ends every session of the caller's user but the caller's own; how many ended. */
  async endOthers(caller: Caller): Promise<number> {
    const ended = await this.repo.deleteOthers(caller.user.id, caller.sessionKeyHash);
    for (const keyHash of ended) this.cache.delete(keyHash);
    return ended.length;
  }

  /** Ends one session of the user by its public id; false when the user has no such session. */
  async endByPublicId(userId: number, publicId: string): Promise<boolean> {
    if (!PUBLIC_ID.test(publicId)) return false;
    const keyHash = await this.repo.deleteByPublicId(userId, publicId);
    if (keyHash === null) return false;
    this.cache.delete(keyHash);
    return true;
  }

  /** Drops cached sessions of a user whose password, profile or memberships changed. */
  forgetUser(userId: number): void {
    for (const [keyHash, entry] of this.cache)
      if (entry.caller.user.id === userId) this.cache.delete(keyHash);
  }

  /** A new random id (256 bits); only its hash is stored. */
  private async create(
    repo: SessionsRepository,
    userId: number,
    origin: SessionOrigin,
    shopId: number | null,
  ): Promise<string> {
    const key = randomBytes(32).toString('base64url');
    await repo.create({
      keyHash: hashSessionKey(key),
      userId,
      now: this.now(),
      userAgent: storableUserAgent(origin.userAgent),
      ipAddress: origin.ip,
      shopId,
    });
    return key;
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
