import type { FastifyInstance } from 'fastify';
import type { AuthMode } from './security';
import { ApiError } from '../kernel/http-errors';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Starts collecting this context's API routes; the returned function then answers every other method on
 * their paths with DRF's 405, after the same CSRF and session checks a Django view would run first.
 */
export function collectApiRoutes(fastify: FastifyInstance): () => void {
  const seen = new Map<string, { methods: Set<string>; auth: AuthMode }>();
  fastify.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (auth === undefined) return;
    const entry = seen.get(route.routePath) ?? { methods: new Set<string>(), auth };
    for (const method of [route.method].flat()) entry.methods.add(method);
    if (auth === 'required') entry.auth = 'required';
    seen.set(route.routePath, entry);
  });

  return () => {
    for (const [routePath, { methods, auth }] of [...seen]) {
      const allow = [...methods].filter((m) => m !== 'HEAD').concat(methods.has('GET') ? ['HEAD'] : []);
      const missing = METHODS.filter((m) => !methods.has(m));
      if (missing.length === 0) continue;
      fastify.route({
        method: missing,
        url: routePath,
        config: { auth },
        schema: { hide: true },
        handler: async (request) => {
          throw new ApiError(
            405,
            { detail: `Method "${request.method}" not allowed.` },
            { allow: [...allow, 'OPTIONS'].join(', ') },
          );
        },
      });
    }
    seen.clear();
  };
}
