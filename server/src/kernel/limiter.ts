import { createRequire } from 'node:module';
import { normalizeIP } from '@fastify/rate-limit';

/*
 * The server's in-memory request counters: the API's request limits (plugins/rate-limit.ts) and the enquiry
 * form's per-address limit (modules/enquiries) count with this one class, on @fastify/rate-limit's own store.
 */

/** A count in @fastify/rate-limit's in-memory store: how many so far in the window, and the window's time left. */
export interface Count {
  current: number;
  ttl: number;
}
/** @fastify/rate-limit's own in-memory store (a bounded LRU of fixed windows), used without its async wrapper. */
interface LocalStore {
  incr(key: string, done: (error: Error | null, count: Count) => void, timeWindow: number, max: number): void;
}
type LocalStoreClass = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LocalStore;
// The store is the plugin's, not typed on its own: required by path from the package that maintains it.
const LocalStore = createRequire(__filename)('@fastify/rate-limit/store/LocalStore') as LocalStoreClass;

/** Keys kept per counter; past it the least recently counted go first (an address or session seen again starts afresh). */
const KEYS_KEPT = 10_000;

/** One limit: a fixed window per key, counted synchronously (the store answers at once). */
export class Limiter {
  private store = new LocalStore(false, false, KEYS_KEPT);
  constructor(
    readonly max: number,
    private readonly windowMs: number,
  ) {}

  count(key: string): Count {
    let counted: Count = { current: 0, ttl: this.windowMs };
    this.store.incr(key, (_error, count) => (counted = count), this.windowMs, this.max);
    return counted;
  }

  /** Forgets every count (kernel/in-memory-state.ts). */
  forget(): void {
    this.store = new LocalStore(false, false, KEYS_KEPT);
  }
}

/**
 * The key an address is counted under by every per-address limit: @fastify/rate-limit's normalizeIP (an IPv6
 * address by its /64, an IPv4-mapped one as IPv4), asked only of addresses with a colon. For an IPv4 address it
 * answers the address itself (lower-cased digits and dots) after Node's IPv6 test, a long regular expression
 * that fails on every one: ~1% of a signed-in request's CPU (issue 26, BENCH_PERF).
 */
export const addressKey = (ip: string): string => (ip.includes(':') ? normalizeIP(ip) : ip);
