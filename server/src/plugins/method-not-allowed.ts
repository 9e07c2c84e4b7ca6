import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type FindMyWay from 'find-my-way';
import type { AuthMode, SessionCheck } from './security';
import { passwordChangeGuards, requirePasswordChanged } from './password-change';
import { ApiError } from '../kernel/http-errors';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The router Fastify itself matches URLs with (its own copy, whatever version Fastify depends on), so that a
 * URL names an API path here exactly when Fastify would route it there with the right method.
 */
const createRouter = createRequire(require.resolve('fastify'))('find-my-way') as typeof FindMyWay;

/** An API path and what answers the methods it does not have. */
interface ApiPath {
  auth: AuthMode;
  /** The methods answered 405: the path's missing ones, and HEAD when it has no GET (Fastify's HEAD is GET's). */
  refused: ReadonlySet<string>;
  /** DRF's Allow: the path's methods in declaration order, HEAD with GET, then OPTIONS. */
  allow: string;
  /** Whether a user who must still change their password is refused first (plugins/password-change.ts). */
  passwordFirst: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by apiPathAuth for a request no API route took: the API path its URL names by another method. */
    otherMethodOf: ApiPath | null;
  }
}

export interface MethodNotAllowed {
  /**
   * For a request no API route took (the 404 handler, the catch-all): the auth mode of the API path its URL
   * names by a method that path does not have, else undefined. The rate limit's first hook asks it, so such a
   * request is charged as the path's own routes charge theirs; the answer is kept for the 405 hook.
   */
  apiPathAuth(request: FastifyRequest): AuthMode | undefined;
  /**
   * Answers those requests with DRF's 405 and Allow, after the checks the path's own routes run first (CSRF,
   * the session and its rate limit, the password change), in their order. Call once every route is declared.
   */
  answer(sessionCheck: SessionCheck): void;
}

/** What the path answers to the methods it lacks, or null when it has them all. */
function apiPathOf({
  routePath,
  methods,
  auth,
}: {
  routePath: string;
  methods: Set<string>;
  auth: AuthMode;
}) {
  const missing = METHODS.filter((m) => !methods.has(m));
  if (missing.length === 0) return null;
  const refused = new Set<string>(methods.has('GET') ? missing : [...missing, 'HEAD']);
  const allow = [...methods].filter((m) => m !== 'HEAD').concat(methods.has('GET') ? ['HEAD'] : []);
  const path: ApiPath = {
    auth,
    refused,
    allow: [...allow, 'OPTIONS'].join(', '),
    passwordFirst: passwordChangeGuards([...refused], routePath),
  };
  return path;
}

/** DRF's answer to a method the view does not have. */
const notAllowed = (request: FastifyRequest, allow: string) =>
  new ApiError(405, { detail: `Method "${request.method}" not allowed.` }, { allow });

/**
 * Collects this context's API routes as they are declared (their path, methods and auth mode) into one small
 * router, instead of a Fastify route per path for the other methods (~1,130 router entries, a quarter of an
 * app's build, issue 26): a request that finds no route is looked up there only then.
 */
export function collectApiRoutes(fastify: FastifyInstance): MethodNotAllowed {
  const seen = new Map<string, { routePath: string; methods: Set<string>; auth: AuthMode }>();
  let declaringShadowed = false;
  fastify.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (auth === undefined || declaringShadowed) return;
    const entry = seen.get(route.url) ?? { routePath: route.routePath, methods: new Set<string>(), auth };
    for (const method of [route.method].flat()) entry.methods.add(method);
    if (auth === 'required') entry.auth = 'required';
    seen.set(route.url, entry);
  });
  fastify.decorateRequest('otherMethodOf', null);

  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | undefined;
  /** Built on the first request that needs it: most apps (a test's) never route a URL to no route. */
  const routerOfPaths = () => {
    if (router) return router;
    const {
      caseSensitive,
      ignoreTrailingSlash,
      ignoreDuplicateSlashes,
      maxParamLength,
      useSemicolonDelimiter,
    } = fastify.initialConfig;
    // Fastify's own router options (useSemicolonDelimiter is read by find-my-way but missing from its types).
    const options: FindMyWay.Config<FindMyWay.HTTPVersion.V1> & { useSemicolonDelimiter?: boolean } = {
      caseSensitive,
      ignoreTrailingSlash,
      ignoreDuplicateSlashes,
      maxParamLength,
      useSemicolonDelimiter,
    };
    router = createRouter(options);
    for (const [url, entry] of seen) {
      const path = apiPathOf(entry);
      if (path) router.on('GET', url, () => undefined, path);
    }
    seen.clear();
    return router;
  };

  return {
    apiPathAuth(request) {
      const found = routerOfPaths().find('GET', request.url);
      const path = (found?.store as ApiPath | undefined) ?? null;
      request.otherMethodOf = path?.refused.has(request.method) ? path : null;
      return request.otherMethodOf?.auth;
    },
    answer(sessionCheck) {
      // A static path another route's parameter also matches (`sessions/sign-out-others/` and DELETE
      // `sessions/:sessionId/`) would be taken by that route for the methods the path lacks: those few keep a
      // route of their own, which answers the 405 more specifically, as every path's did before.
      const shadowed: Array<[string, AuthMode, string, string[]]> = [];
      for (const [url, entry] of seen) {
        const path = apiPathOf(entry);
        const taken = [...(path?.refused ?? [])].filter((method) => {
          if (method === 'HEAD') return false;
          const found = fastify.findRoute({ method: method as 'GET', url });
          return found !== null && !('*' in found.params);
        });
        if (path && taken.length > 0) shadowed.push([entry.routePath, path.auth, path.allow, taken]);
      }
      declaringShadowed = true;
      for (const [routePath, auth, allow, methods] of shadowed) {
        fastify.route({
          method: methods,
          url: routePath,
          config: { auth },
          schema: { hide: true },
          handler: async (request) => {
            throw notAllowed(request, allow);
          },
        });
      }
      declaringShadowed = false;
      // Runs after the rate limit's first hook, which looked the URL up (apiPathAuth).
      fastify.addHook(
        'onRequest',
        (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
          const path = request.otherMethodOf;
          if (path === null) return done();
          sessionCheck(path.auth)(request, reply, (error?: Error) => {
            if (error) return done(error);
            const refuse = () => done(notAllowed(request, path.allow));
            if (!path.passwordFirst) return refuse();
            try {
              requirePasswordChanged(request, reply, refuse);
            } catch (refusal) {
              done(refusal as Error);
            }
          });
        },
      );
    },
  };
}
