import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Refuses, before routing, a request whose client address is not an IP address. That happens only behind a
 * trusted proxy (TRUST_PROXY) that passed on an X-Forwarded-For entry it did not write itself — a misconfigured
 * proxy or a forged header. The address is what sign-in throttling counts and sessions record, so it must be an
 * address: accepted as text, it would give each forged value a fresh throttle budget (and fail the inet column).
 */
export function installClientAddressCheck(fastify: FastifyInstance): void {
  // Synchronous: an async hook costs a promise and a microtask per request (issue 26 profile).
  fastify.addHook(
    'onRequest',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (isIP(request.ip) !== 0) return done();
      request.log.warn(
        { ip: request.ip.slice(0, 64) },
        'X-Forwarded-For from a trusted proxy is not an address; check the proxy and TRUST_PROXY',
      );
      reply
        .code(400)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Bad Request (400)');
    },
  );
}
