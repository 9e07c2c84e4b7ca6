import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { throttled } from '../modules/auth/login-throttle';

export interface GeneralRateLimit {
  /** Requests allowed per client address in each window. */
  max: number;
  windowMs: number;
}

/**
 * 3,000 requests a minute per address (50 a second): a shop's browsers share one address behind its router,
 * and each screen asks for several lists at once, so the limit sits well above a busy shop (and the browser
 * suite, which signs in and loads screens back to back from one address) yet still curbs a script.
 */
export const GENERAL_RATE_LIMIT: GeneralRateLimit = { max: 3000, windowMs: 60_000 };

/**
 * A general request limit on every API route, counted in this process's memory. With several instances
 * each counts on its own, so a client spread across N instances by the load balancer gets up to N times the
 * limit; that is acceptable for a limit that only curbs floods. The sign-in throttle, which guards
 * passwords, cannot tolerate that and is counted in the database instead (see login-throttle.ts).
 * The client address is `request.ip`, which honours X-Forwarded-For only from the proxies TRUST_PROXY names.
 */
export async function registerRateLimit(
  fastify: FastifyInstance,
  limit: GeneralRateLimit = GENERAL_RATE_LIMIT,
): Promise<void> {
  // Not `global`: that adds the check as a route hook, which runs after this API's own onRequest hooks, so
  // a flood of unauthenticated requests would still cost a session lookup each. As the first hook of this
  // context it answers before anything else runs.
  await fastify.register(fastifyRateLimit, { global: false });
  fastify.addHook(
    'onRequest',
    fastify.rateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      // DRF's throttled answer, Retry-After included, rather than the plugin's own shape.
      errorResponseBuilder: (_request, context) => throttled(Math.max(1, Math.ceil(context.ttl / 1000))),
    }),
  );
}
