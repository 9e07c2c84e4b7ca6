import { randomInt } from 'node:crypto';

/**
 * Django's CSRF token scheme (django.middleware.csrf): a 32-character secret in the csrftoken cookie; the
 * X-CSRFToken header may carry the secret itself or a 64-character masked copy of it.
 */
export const CSRF_ALLOWED_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const CSRF_SECRET_LENGTH = 32;
export const CSRF_TOKEN_LENGTH = 2 * CSRF_SECRET_LENGTH;
/** Django's CSRF_COOKIE_AGE: one year. */
export const CSRF_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7 * 52;

export const REASON_NO_CSRF_COOKIE = 'CSRF cookie not set.';
export const REASON_CSRF_TOKEN_MISSING = 'CSRF token missing.';
export const REASON_CSRF_TOKEN_INCORRECT = 'CSRF token incorrect.';
export const REASON_BAD_ORIGIN = (origin: string) =>
  `Origin checking failed - ${origin} does not match any trusted origins.`;
export const REASON_NO_REFERER = 'Referer checking failed - no Referer.';
export const REASON_MALFORMED_REFERER = 'Referer checking failed - Referer is malformed.';
export const REASON_INSECURE_REFERER = 'Referer checking failed - Referer is insecure while host is secure.';
export const REASON_BAD_REFERER = (referer: string) =>
  `Referer checking failed - ${referer} does not match any trusted origins.`;

const TOKEN_CHARS = new RegExp(`^[${CSRF_ALLOWED_CHARS}]+$`);

function randomString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += CSRF_ALLOWED_CHARS[randomInt(CSRF_ALLOWED_CHARS.length)];
  return out;
}

export function newCsrfSecret(): string {
  return randomString(CSRF_SECRET_LENGTH);
}

export function isWellFormedSecret(value: string | undefined): boolean {
  return value !== undefined && value.length === CSRF_SECRET_LENGTH && TOKEN_CHARS.test(value);
}

/** Django's _mask_cipher_secret: a fresh mask per response defeats BREACH-style compression attacks. */
export function maskSecret(secret: string): string {
  const mask = randomString(CSRF_SECRET_LENGTH);
  const n = CSRF_ALLOWED_CHARS.length;
  let cipher = '';
  for (let i = 0; i < CSRF_SECRET_LENGTH; i += 1) {
    const x = CSRF_ALLOWED_CHARS.indexOf(secret[i] as string);
    const y = CSRF_ALLOWED_CHARS.indexOf(mask[i] as string);
    cipher += CSRF_ALLOWED_CHARS[(x + y) % n];
  }
  return mask + cipher;
}

function unmask(token: string): string {
  const mask = token.slice(0, CSRF_SECRET_LENGTH);
  const cipher = token.slice(CSRF_SECRET_LENGTH);
  const n = CSRF_ALLOWED_CHARS.length;
  let secret = '';
  for (let i = 0; i < CSRF_SECRET_LENGTH; i += 1) {
    const x = CSRF_ALLOWED_CHARS.indexOf(cipher[i] as string);
    const y = CSRF_ALLOWED_CHARS.indexOf(mask[i] as string);
    secret += CSRF_ALLOWED_CHARS[(((x - y) % n) + n) % n];
  }
  return secret;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Django's _does_token_match, with any malformed token simply not matching. */
export function tokenMatchesSecret(token: string, secret: string): boolean {
  if (!TOKEN_CHARS.test(token)) return false;
  if (token.length === CSRF_TOKEN_LENGTH) return constantTimeEqual(unmask(token), secret);
  if (token.length === CSRF_SECRET_LENGTH) return constantTimeEqual(token, secret);
  return false;
}

/** Django's is_same_domain for CSRF_TRUSTED_ORIGINS entries, including `https://*.example.com`. */
export function originIsTrusted(origin: string, ownOrigin: string, trusted: readonly string[]): boolean {
  const candidate = origin.toLowerCase();
  if (candidate === ownOrigin.toLowerCase()) return true;
  for (const entry of trusted) {
    if (entry === candidate) return true;
    const wildcard = /^(https?):\/\/\*(\.[^/]+)$/.exec(entry);
    if (wildcard) {
      const [, scheme, suffix] = wildcard;
      if (candidate.startsWith(`${scheme}://`) && candidate.endsWith(suffix as string)) return true;
    }
  }
  return false;
}
