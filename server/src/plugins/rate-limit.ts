import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { SESSION_COOKIE } from '@loupe/contracts';
import type { RateLimitConfig } from '../config';
import { throttled } from '../modules/auth/login-throttle';
import { Limiter, addressKey } from '../kernel/limiter';
import type { InMemoryState } from '../kernel/in-memory-state';

/** The request limits, each counted per window (a minute unless a test shortens it). */
export interface RateLimits {
  /** Requests from one signed-in session. */
  perSession: number;
  /** Requests from one address that no live session vouches for: sign-in, CSRF, the storefront. */
  perAddress: number;
  /** Every request from one address, signed in or not: the flood ceiling, checked before anything else. */
  floodPerAddress: number;
  windowMs: number;
}

/** The limits the environment sets (config.ts: RATE_LIMIT_SESSION/ADDRESS/FLOOD_PER_MINUTE). */
export const rateLimitsFrom = (config: RateLimitConfig): RateLimits => ({
  perSession: config.sessionPerMinute,
  perAddress: config.addressPerMinute,
  floodPerAddress: config.floodPerMinute,
  windowMs: 60_000,
});

/**
 * Charges a request whose session cookie has just been looked up: to its session when the session is live,
 * otherwise to its address as an anonymous request. Called by the session check (plugins/security.ts).
 */
export type SessionRateLimit = (request: FastifyRequest, reply: FastifyReply) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the first hook when the request's charge waits for its session to be looked up. */
    rateLimitAwaitsSession: boolean;
  }
}

/**
 * Request limits that fit a shop, counted in this process's memory:
 *
 * - Signed-in staff are counted per session (its public id, never the cookie), 3,000 a minute each by
 *   default. A shop's browsers share one address behind its router, so a per-address limit counted eight
 *   staff scanning a stock-take plus the dashboards together; per session each gets its own allowance.
 *   3,000 is the per-address limit of earlier releases, so no one browser (a member scanning fast, the
 *   browser suite, a test signing in once and sending a thousand requests) is refused what it was allowed
 *   before; a lower figure would buy little, since a session is only issued to a member who signed in.
 * - Requests no live session vouches for (sign-in, CSRF, the storefront, 404s, a cookie that names no live
 *   session) are counted per address, 3,000 a minute by default.
 * - Every request, signed in or not, is also counted per address against a flood ceiling (ten times the
 *   larger limit by default), in the very first hook of this context.
 *
 * Why three counters. The session is known only after a database read (or the session cache), and the
 * anonymous limit must refuse a flood before any such read. A request without a session cookie, or for a
 * route that never looks the session up (auth 'none', the OpenAPI pages, 404s), is charged to its address
 * in the first hook, as before. A request with a session cookie for a route that does look it up cannot be
 * judged there: the cookie may be a colleague's live session or an invented one. It is charged after the
 * lookup, to the session if live, or else to the address's anonymous allowance, so invented cookies spend
 * the same allowance as no cookie at all and do not multiply it. What they could still do, while that
 * allowance is spent, is cost a session lookup each before their 401 or 429; the flood ceiling, checked
 * before the lookup, bounds that per address. It cannot instead refuse cookie-bearing requests once the
 * anonymous allowance is spent: anyone at the shop's address (a scanner gone wrong, a visitor's laptop)
 * would then lock every signed-in member of staff out.
 *
 * The ceiling is high enough for a whole shop signed in (20 staff at a busy 1,000 requests a minute each
 * stay under 30,000), and it also bounds a stolen-session script spread over many sessions from one address.
 *
 * The addresses are `request.ip`, which honours X-Forwarded-For only from the proxies TRUST_PROXY names; IPv6
 * addresses are counted per /64, as @fastify/rate-limit does, since one host usually holds a whole /64.
 * With several instances each counts on its own, so a client spread across N instances by the load balancer
 * gets up to N times the limits; that is acceptable for limits that only curb floods. The sign-in throttle,
 * which guards passwords, cannot tolerate that and is counted in the database instead (login-throttle.ts).
 *
 * 429 answers are DRF's throttled answer with Retry-After, X-RateLimit-Limit, -Remaining (0) and -Reset for
 * the limit that refused it (the session's, the address's or the flood ceiling). Answers under the limit carry
 * none of them (@fastify/rate-limit's `addHeadersOnExceeding` all off): the IETF draft makes them optional
 * (draft-ietf-httpapi-ratelimit-headers: a server MAY send them), no client of ours reads them, each instance
 * counts alone so they would understate what a client spread over several may send, and they were ~90 of the
 * ~800 bytes of a signed-in `/auth-check/` answer and three header writes per request (issue 26).
 */
export async function registerRateLimit(
  fastify: FastifyInstance,
  limits: RateLimits,
  memory: InMemoryState,
  /**
   * The auth mode of a request no API route took, when its URL names an API path by a method that path lacks
   * (plugins/method-not-allowed.ts): it is then charged as that path's routes charge theirs. Typed as the
   * route config's `auth`, which plugins/security.ts declares: it imports this file, so no import back.
   */
  apiPathAuth?: (request: FastifyRequest) => FastifyContextConfig['auth'],
): Promise<SessionRateLimit> {
  // Counted here rather than through the plugin's hooks or createRateLimit(): those wrap each count in several
  // promises (an await per step), which with three counters was about a twentieth of a signed-in request's CPU
  // (issue 26 profile, docs/perf/auth-check-profile.md). Its store and its address normalisation (IPv6 per /64)
  // are the same ones the plugin uses.
  fastify.decorateRequest('rateLimitAwaitsSession', false);
  const flood = new Limiter(limits.floodPerAddress, limits.windowMs);
  const anonymous = new Limiter(limits.perAddress, limits.windowMs);
  const perSession = new Limiter(limits.perSession, limits.windowMs);
  memory.register('request limits', {
    forget: () => [flood, anonymous, perSession].forEach((limit) => limit.forget()),
  });

  // The very first hook of this context, synchronous (no promise per request).
  fastify.addHook(
    'onRequest',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const address = addressKey(request.ip);
      charge(flood, address, reply);
      const auth = request.routeOptions.config.auth ?? apiPathAuth?.(request);
      if ((auth === 'optional' || auth === 'required') && request.cookies[SESSION_COOKIE]) {
        request.rateLimitAwaitsSession = true;
      } else {
        charge(anonymous, address, reply);
      }
      done();
    },
  );

  return (request, reply) => {
    if (!request.rateLimitAwaitsSession) return;
    request.rateLimitAwaitsSession = false;
    // The session's public id, never its cookie value.
    if (request.caller) charge(perSession, request.caller.sessionId, reply);
    else charge(anonymous, addressKey(request.ip), reply);
  };
}

/** Counts the request; past the limit, throws DRF's throttled answer with Retry-After and the X-RateLimit-*. */
function charge(limiter: Limiter, key: string, reply: FastifyReply): void {
  const { current, ttl } = limiter.count(key);
  if (current <= limiter.max) return;
  const ttlInSeconds = Math.ceil(ttl / 1000);
  reply.header('x-ratelimit-limit', limiter.max);
  reply.header('x-ratelimit-remaining', 0);
  reply.header('x-ratelimit-reset', ttlInSeconds);
  throw throttled(Math.max(1, ttlInSeconds));
}
