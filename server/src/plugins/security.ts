import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loupe/contracts';
import type { Config } from '../config';
import {
  CSRF_SECRET_LENGTH,
  REASON_BAD_ORIGIN,
  REASON_BAD_REFERER,
  REASON_CSRF_TOKEN_INCORRECT,
  REASON_CSRF_TOKEN_MISSING,
  REASON_INSECURE_REFERER,
  REASON_MALFORMED_REFERER,
  REASON_NO_CSRF_COOKIE,
  REASON_NO_REFERER,
  clearSessionCookie,
  isSecure,
  isWellFormedSecret,
  originIsTrusted,
  tokenMatchesSecret,
  type AuthContext,
  type Caller,
} from '../modules/auth';
import { ApiError, notAuthenticated } from '../kernel/http-errors';
import { hostIsAllowed } from './headers';
import type { SessionRateLimit } from './rate-limit';

/**
 * How a route authenticates: `required` answers 401 without a live session, `optional` only looks the
 * session up. Every route of this service declares one; routes without it (the OpenAPI pages) are not API.
 */
export type AuthMode = 'none' | 'optional' | 'required';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Django's csrf_exempt: reserved for nothing today, every unsafe API call is checked. */
    csrfExempt?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const HEADER_NAME = CSRF_HEADER.toLowerCase();

/** Django's CsrfViewMiddleware.process_view, in its order: Origin, then Referer over HTTPS, then the token. */
export function checkCsrf(request: FastifyRequest, config: Config): string | null {
  // "Our own origin" comes from the Host header, which a DNS-rebinding page controls: only an allowed host
  // counts as ours (the host's own check answers 400 before this; this holds wherever the API is mounted).
  if (!hostIsAllowed(request.host, config.allowedHosts)) return 'Host is not in ALLOWED_HOSTS.';
  const ownOrigin = `${isSecure(request) ? 'https' : 'http'}://${request.host}`;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!originIsTrusted(origin, ownOrigin, config.csrfTrustedOrigins)) return REASON_BAD_ORIGIN(origin);
  } else if (isSecure(request)) {
    // Without Origin, HTTPS requests must prove a same-site Referer (a man-in-the-middle could plant the cookie).
    const referer = request.headers.referer;
    if (!referer) return REASON_NO_REFERER;
    let parsed: URL;
    try {
      parsed = new URL(referer);
    } catch {
      return REASON_MALFORMED_REFERER;
    }
    if (!parsed.host) return REASON_MALFORMED_REFERER;
    if (parsed.protocol !== 'https:') return REASON_INSECURE_REFERER;
    if (!originIsTrusted(parsed.origin, ownOrigin, config.csrfTrustedOrigins))
      return REASON_BAD_REFERER(referer);
  }

  const secret = request.cookies[CSRF_COOKIE];
  if (!secret) return REASON_NO_CSRF_COOKIE;
  if (!isWellFormedSecret(secret)) {
    return secret.length !== CSRF_SECRET_LENGTH
      ? 'CSRF cookie has incorrect length.'
      : 'CSRF cookie has invalid characters.';
  }
  const header = request.headers[HEADER_NAME];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) return REASON_CSRF_TOKEN_MISSING;
  if (!tokenMatchesSecret(token, secret)) return REASON_CSRF_TOKEN_INCORRECT;
  return null;
}

/** The checks an API route of this auth mode runs first (installSecurityHooks), as an onRequest hook. */
export type SessionCheck = (
  mode: AuthMode,
) => (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * CSRF first, as Django's middleware runs before any view, then the session. The hooks are attached to each
 * API route as it is declared, with its mode known then: nothing is looked up per request. Returns the same
 * check for a mode, for answers given without a route of their own (plugins/method-not-allowed.ts).
 */
export function installSecurityHooks(
  fastify: FastifyInstance,
  ctx: Pick<AuthContext, 'config' | 'sessions'>,
  /** The per-session rate limit (plugins/rate-limit.ts), charged once the session is known. */
  sessionRateLimit?: SessionRateLimit,
): SessionCheck {
  fastify.decorateRequest('caller', null);

  const sessionCheck = (mode: AuthMode, checkCsrfToo: boolean) => {
    /** The session is known: the cookie of a session that ended is cleared, the request charged, 401 if needed. */
    const withCaller = (request: FastifyRequest, reply: FastifyReply, key: string | undefined) => {
      if (!request.caller && key !== undefined) clearSessionCookie(reply, request, ctx.config);
      if (sessionRateLimit) sessionRateLimit(request, reply);
      if (mode === 'required' && !request.caller) throw notAuthenticated();
    };
    // Synchronous whenever the session is in memory (most signed-in requests): no promise, no microtask. Only a
    // look-up in the database goes through a promise. (Fastify's runner catches what a hook throws before done.)
    const onRequest = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (checkCsrfToo && !SAFE_METHODS.has(request.method)) {
        const reason = checkCsrf(request, ctx.config);
        if (reason) throw new ApiError(403, { detail: `CSRF Failed: ${reason}` });
      }
      if (mode === 'none') return done();
      const key = request.cookies[SESSION_COOKIE];
      const known = ctx.sessions.resolveInMemory(key);
      if (known !== undefined) {
        request.caller = known;
        withCaller(request, reply, key);
        return done();
      }
      ctx.sessions.resolve(key).then(
        (caller) => {
          request.caller = caller;
          try {
            withCaller(request, reply, key);
          } catch (error) {
            return done(error as Error);
          }
          done();
        },
        (error: Error) => done(error),
      );
    };
    return onRequest;
  };
  const checks = new Map<AuthMode, ReturnType<SessionCheck>>();

  fastify.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    if (mode === undefined) return;
    const onRequest = sessionCheck(mode, !route.config?.csrfExempt);
    // Answers about who is signed in must never be served from a cache.
    const onSend = (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    };
    route.onRequest = [onRequest, ...[route.onRequest ?? []].flat()];
    route.onSend = [onSend, ...[route.onSend ?? []].flat()];
  });

  return (mode) => {
    let check = checks.get(mode);
    if (!check) checks.set(mode, (check = sessionCheck(mode, true)));
    return check;
  };
}
