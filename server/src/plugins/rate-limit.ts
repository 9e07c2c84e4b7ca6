import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { SESSION_COOKIE } from '@loupe/contracts';
import type { RateLimitConfig } from '../config';
import { throttled } from '../modules/auth/login-throttle';

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
export type SessionRateLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the first hook when the request's charge waits for its session to be looked up. */
    rateLimitAwaitsSession: boolean;
  }
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

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
 * 429 answers are DRF's throttled answer with Retry-After; every answer carries X-RateLimit-Limit, -Remaining
 * and -Reset for the limit that applies to it (the session's or the address's).
 */
export async function registerRateLimit(
  fastify: FastifyInstance,
  limits: RateLimits,
): Promise<SessionRateLimit> {
  // Not `global`: that adds the check as a route hook, which runs after this API's own onRequest hooks, so
  // a flood of unauthenticated requests would still cost a session lookup each. The limiters below are
  // applied by this context's first hook instead, and by the session check.
  await fastify.register(fastifyRateLimit, { global: false });
  fastify.decorateRequest('rateLimitAwaitsSession', false);
  // Each limiter counts in its own store; the address ones are keyed by the plugin's normalised address.
  const flood = fastify.createRateLimit({ max: limits.floodPerAddress, timeWindow: limits.windowMs });
  const anonymous = fastify.createRateLimit({ max: limits.perAddress, timeWindow: limits.windowMs });
  const perSession = fastify.createRateLimit({
    max: limits.perSession,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => String(request.caller?.sessionId),
  });

  fastify.addHook('onRequest', async (request, reply) => {
    await charge(flood, request, reply, false);
    const auth = request.routeOptions.config.auth;
    if ((auth === 'optional' || auth === 'required') && request.cookies[SESSION_COOKIE]) {
      request.rateLimitAwaitsSession = true;
      return;
    }
    await charge(anonymous, request, reply, true);
  });

  return async (request, reply) => {
    if (!request.rateLimitAwaitsSession) return;
    request.rateLimitAwaitsSession = false;
    await charge(request.caller ? perSession : anonymous, request, reply, true);
  };
}

/** Counts the request; past the limit, throws DRF's throttled answer with Retry-After. */
async function charge(
  limiter: Limiter,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: boolean,
): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed) return;
  if (headers || result.isExceeded) {
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    reply.header('x-ratelimit-reset', result.ttlInSeconds);
  }
  if (result.isExceeded) throw throttled(Math.max(1, result.ttlInSeconds));
}
