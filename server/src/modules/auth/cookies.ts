import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '@loupe/contracts';
import type { Config } from '../../config';
import { CSRF_COOKIE_MAX_AGE_SECONDS, isWellFormedSecret, newCsrfSecret } from './csrf';

/** The session and CSRF cookies: how sign-in, sign-out and the CSRF endpoint set them, and the hooks clear them. */

export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function cookieSecure(config: Config, request: FastifyRequest): boolean {
  return config.cookieSecure === 'always' || (config.cookieSecure === 'auto' && isSecure(request));
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
