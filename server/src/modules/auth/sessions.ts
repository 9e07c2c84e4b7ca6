import { createHash, hash, randomBytes } from 'node:crypto';
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
import type { Db } from '../../db/database';
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
  /** The caller is the active shop's nominated officer (compliance/nominated-officer.ts); false without a shop. */
  nominatedOfficer: boolean;
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
  // crypto.hash (Node 20.12+): one call, no Hash object per request (a few per cent of /auth-check/'s CPU).
  return typeof hash === 'function'
    ? hash('sha256', key, 'hex')
    : createHash('sha256').update(key).digest('hex');
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
        nominated_officer: caller.nominatedOfficer,
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

/** The channel every API process on one database hears session changes on (issue 26, goal 1). */
export const SESSION_CHANGES_CHANNEL = 'loupe_session_changes';

/**
 * What changed, as sent on the channel: one session (by its key's hash), every session of a user, or every
 * session working in a shop (its settings widen or narrow what a role may do).
 */
export type SessionChange = { session: string } | { user: number } | { shop: number };

/** A notification's payload is at most 8,000 bytes: session hashes go in batches well under it. */
const HASHES_PER_NOTIFICATION = 100;

/** Where changes are told to every process and heard from them: the database's LISTEN/NOTIFY. */
export type SessionChangeChannel = Pick<Db, 'listen' | 'notify'>;

/**
 * Server-side sessions. Looked-up sessions are kept in memory for SESSION_CACHE_SECONDS: one database round
 * trip (a quarter of a millisecond on the embedded database, more on PostgreSQL) would otherwise dominate
 * every signed-in request. Whatever changes a session (sign-out, password, role, profile, a shop's settings)
 * drops the affected entries here at once and is told to every other API process on the same database through
 * PostgreSQL's NOTIFY, which each process LISTENs to: a sign-out on one instance is honoured by the others
 * within a notification's delay, not the cache's lifetime. The cache is used only while this process is
 * listening; when the listening connection drops, the cache is emptied and bypassed until it is back.
 */
export class SessionService {
  readonly idleMs: number;
  readonly maxMs: number;
  private readonly cacheMs: number;
  private readonly cache = new Map<string, CachedSession>();
  /** Whether changes made by other processes reach this one now (see listenForChanges). */
  private hearing = false;
  /** Counts the changes heard, so that a look-up that raced one is not kept (see resolve). */
  private changesHeard = 0;
  private listening: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly repo: SessionsRepository,
    config: Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours' | 'sessionCacheSeconds'>,
    private readonly now: () => Date,
    private readonly changes: SessionChangeChannel | null = null,
  ) {
    this.idleMs = config.sessionIdleMinutes * 60_000;
    this.maxMs = config.sessionMaxHours * 3_600_000;
    this.cacheMs = config.sessionCacheSeconds * 1000;
  }

  /**
   * Starts hearing other processes' session changes, once (resolve calls it; the database's close stops it).
   * Without a channel (a test's bare service) nothing is cached: nothing would tell it of other changes.
   */
  listenForChanges(): Promise<void> {
    if (this.listening) return this.listening;
    if (!this.changes || this.cacheMs <= 0) return (this.listening = Promise.resolve());
    this.listening = this.changes
      .listen(SESSION_CHANGES_CHANNEL, {
        message: (payload) => this.applyChange(payload),
        live: (listening) => {
          // Whatever was said while not listening is lost: start again from the database.
          this.cache.clear();
          this.changesHeard += 1;
          this.hearing = listening;
        },
      })
      .then(
        (stop) => {
          this.stopListening = stop;
        },
        () => {
          this.hearing = false;
        },
      );
    return this.listening;
  }

  /** Stops hearing changes and keeps nothing more (the app is closing; its database may stay open). */
  async close(): Promise<void> {
    await this.listening;
    const stop = this.stopListening;
    this.stopListening = null;
    this.cache.clear();
    this.hearing = false;
    this.listening = Promise.resolve();
    if (stop) await stop();
  }

  /** Forgets every looked-up session (kernel/in-memory-state.ts): each is read from the database again. */
  forget(): void {
    this.cache.clear();
    // A look-up under way when this ran is not kept either (resolve compares the count).
    this.changesHeard += 1;
  }

  /** Whether a looked-up session may be kept in memory now. */
  get caching(): boolean {
    return this.cacheMs > 0 && this.hearing;
  }

  private applyChange(payload: string): void {
    let change: SessionChange | SessionChange[];
    try {
      change = JSON.parse(payload) as SessionChange | SessionChange[];
    } catch {
      this.cache.clear();
      return;
    }
    this.changesHeard += 1;
    for (const one of Array.isArray(change) ? change : [change]) this.dropLocally(one);
  }

  private dropLocally(change: SessionChange): void {
    if ('session' in change) {
      this.cache.delete(change.session);
      return;
    }
    for (const [keyHash, entry] of this.cache) {
      const caller = entry.caller;
      const matches =
        'user' in change
          ? caller.user.id === change.user
          : caller.shop?.id === change.shop || caller.shops.some((shop) => shop.id === change.shop);
      if (matches) this.cache.delete(keyHash);
    }
  }

  /** Drops the entries here at once and tells every other process (after the change committed). */
  private async tell(changes: SessionChange[]): Promise<void> {
    for (const change of changes) this.dropLocally(change);
    if (!this.changes || this.cacheMs <= 0 || changes.length === 0) return;
    for (let i = 0; i < changes.length; i += HASHES_PER_NOTIFICATION) {
      const batch = changes.slice(i, i + HASHES_PER_NOTIFICATION);
      // A lost notification would leave another process trusting its copy for the cache's lifetime at most.
      await this.changes.notify(SESSION_CHANGES_CHANNEL, JSON.stringify(batch)).catch(() => undefined);
    }
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

  /**
   * The caller from memory alone, without a promise (the session check's fast path, issue 26): null for no
   * cookie or a malformed one, the kept caller while resolve() would serve it as it is, and undefined when only
   * resolve() can tell (not kept, not listening, past a limit, or its last-seen time due to be written).
   */
  resolveInMemory(key: string | undefined): Caller | null | undefined {
    if (!key || !SESSION_KEY.test(key)) return null;
    if (!this.caching) return undefined;
    const entry = this.cache.get(hashSessionKey(key));
    if (!entry) return undefined;
    const nowMs = this.now().getTime();
    const sinceSeen = nowMs - entry.lastSeenMs;
    if (
      nowMs - entry.fetchedMs >= this.cacheMs ||
      nowMs - entry.createdMs >= this.maxMs ||
      sinceSeen >= this.idleMs ||
      sinceSeen >= TOUCH_AFTER_MS
    ) {
      return undefined;
    }
    return entry.caller;
  }

  async resolve(key: string | undefined): Promise<Caller | null> {
    if (!key || !SESSION_KEY.test(key)) return null;
    const keyHash = hashSessionKey(key);
    const nowMs = this.now().getTime();
    if (!this.listening) await this.listenForChanges();
    let entry = this.caching ? this.cache.get(keyHash) : undefined;
    if (entry && nowMs - entry.fetchedMs >= this.cacheMs) {
      this.cache.delete(keyHash);
      entry = undefined;
    }
    if (!entry) {
      const heardBefore = this.changesHeard;
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
          nominatedOfficer: shop ? row.nominated_officer === true : false,
        },
        createdMs: new Date(row.created_at).getTime(),
        lastSeenMs: new Date(row.last_seen_at).getTime(),
        fetchedMs: nowMs,
      };
      // A change heard while the row was read may be newer than the row: serve it this once, keep nothing.
      if (this.caching && this.changesHeard === heardBefore) this.remember(keyHash, entry);
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
    await this.repo.delete(keyHash);
    await this.tell([{ session: keyHash }]);
  }

  /** The user's live sessions (within the idle and absolute limits), most recently used first. */
  async listLive(userId: number): Promise<SessionSummary[]> {
    const nowMs = this.now().getTime();
    return this.repo.listLive(userId, new Date(nowMs - this.maxMs), new Date(nowMs - this.idleMs));
  }

  /** Ends every session of the caller's user but the caller's own; how many ended. */
  async endOthers(caller: Caller): Promise<number> {
    const ended = await this.repo.deleteOthers(caller.user.id, caller.sessionKeyHash);
    await this.tell(ended.map((keyHash) => ({ session: keyHash })));
    return ended.length;
  }

  /** Ends one session of the user by its public id; false when the user has no such session. */
  async endByPublicId(userId: number, publicId: string): Promise<boolean> {
    if (!PUBLIC_ID.test(publicId)) return false;
    const keyHash = await this.repo.deleteByPublicId(userId, publicId);
    if (keyHash === null) return false;
    await this.tell([{ session: keyHash }]);
    return true;
  }

  /**
   * Drops cached sessions of a user whose password, profile or memberships changed, here and in every other
   * process. Call it once the change committed.
   */
  async forgetUser(userId: number): Promise<void> {
    await this.tell([{ user: userId }]);
  }

  /** Drops cached sessions working in a shop whose settings changed what its roles may do (here and elsewhere). */
  async forgetShop(shopId: number): Promise<void> {
    await this.tell([{ shop: shopId }]);
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
