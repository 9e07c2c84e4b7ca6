import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loupe/contracts';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Caller } from '../modules/auth/sessions';
import {
  CSRF_COOKIE_MAX_AGE_SECONDS,
  CSRF_SECRET_LENGTH,
  REASON_BAD_ORIGIN,
  REASON_BAD_REFERER,
  REASON_CSRF_TOKEN_INCORRECT,
  REASON_CSRF_TOKEN_MISSING,
  REASON_INSECURE_REFERER,
  REASON_MALFORMED_REFERER,
  REASON_NO_CSRF_COOKIE,
  REASON_NO_REFERER,
  isWellFormedSecret,
  newCsrfSecret,
  originIsTrusted,
  tokenMatchesSecret,
} from '../modules/auth/csrf';
import { ApiError, notAuthenticated } from '../kernel/http-errors';
import { hostIsAllowed } from './headers';

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

function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function cookieSecure(config: Config, request: FastifyRequest): boolean {
  return config.cookieSecure === 'always' || (config.cookieSecure === 'auto' && isSecure(request));
}

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

export function setCsrfCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  secret: string,
): void {
  // Readable by the page on purpose: the client copies it into the X-CSRFToken header.
  reply.setCookie(CSRF_COOKIE, secret, {
    path: '/',
    maxAge: CSRF_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: cookieSecure(config, request),
    httpOnly: false,
  });
}

/** Keeps a well-formed csrftoken, or issues one (Django's get_token). */
export function ensureCsrfCookie(reply: FastifyReply, request: FastifyRequest, config: Config): string {
  const current = request.cookies[CSRF_COOKIE];
  if (current !== undefined && isWellFormedSecret(current)) return current;
  const secret = newCsrfSecret();
  setCsrfCookie(reply, request, config, secret);
  return secret;
}

/** Django's rotate_token, at sign-in: a token seen before sign-in is worthless after it. */
export function rotateCsrfCookie(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  setCsrfCookie(reply, request, config, newCsrfSecret());
}

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  key: string,
): void {
  reply.setCookie(SESSION_COOKIE, key, {
    path: '/',
    maxAge: config.sessionMaxHours * 3600,
    sameSite: 'lax',
    secure: cookieSecure(config, request),
    httpOnly: true,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    sameSite: 'lax',
    secure: cookieSecure(config, request),
    httpOnly: true,
  });
}

/**
 * CSRF first, as Django's middleware runs before any view, then the session. The hooks are attached to each
 * API route as it is declared, with its mode known then: nothing is looked up per request.
 */
export function installSecurityHooks(fastify: FastifyInstance, ctx: AppContext): void {
  fastify.decorateRequest('caller', null);

  fastify.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    if (mode === undefined) return;
    const checkCsrfToo = !route.config?.csrfExempt;

    const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
      if (checkCsrfToo && !SAFE_METHODS.has(request.method)) {
        const reason = checkCsrf(request, ctx.config);
        if (reason) throw new ApiError(403, { detail: `CSRF Failed: ${reason}` });
      }
      if (mode === 'none') return;
      const key = request.cookies[SESSION_COOKIE];
      request.caller = await ctx.sessions.resolve(key);
      if (!request.caller && key !== undefined) clearSessionCookie(reply, request, ctx.config);
      if (mode === 'required' && !request.caller) throw notAuthenticated();
    };
    // Answers about who is signed in must never be served from a cache.
    const onSend = async (_request: FastifyRequest, reply: FastifyReply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    };
    route.onRequest = [onRequest, ...[route.onRequest ?? []].flat()];
    route.onSend = [onSend, ...[route.onSend ?? []].flat()];
  });
}
