import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';

/** Django's host syntax: a name or IPv4 address, or a bracketed IPv6 address, then an optional port. */
const HOST_HEADER = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(:\d+)?$/;

/**
 * Django's split_domain_port + validate_host: the host name without port or trailing dot matched against
 * ALLOWED_HOSTS entries (`*`, `.example.com` for the domain and its subdomains, or an exact name).
 */
export function hostIsAllowed(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (!host) return false;
  const match = HOST_HEADER.exec(host.toLowerCase());
  if (!match) return false;
  const domain = match[1]!.replace(/\.$/, '');
  return allowedHosts.some(
    (pattern) =>
      pattern === '*' ||
      domain === pattern ||
      (pattern.startsWith('.') && (domain.endsWith(pattern) || domain === pattern.slice(1))),
  );
}

/**
 * Refuses any request whose Host is not allowed, with 400 and before any handler, body parser or session
 * look-up runs (Django's DisallowedHost). `request.host` is X-Forwarded-Host only when the proxy is trusted.
 */
export function installAllowedHosts(fastify: FastifyInstance, allowedHosts: readonly string[]): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (hostIsAllowed(request.host, allowedHosts)) return;
    request.log.warn({ host: request.host }, 'Invalid Host header; add it to ALLOWED_HOSTS if it is ours');
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Bad Request (400)');
  });
}

export type CspDirectives = Record<string, readonly string[]>;

/** What a JSON API (and anything else not meant to render) may load: nothing, and never be framed. */
export const LOCKED_DOWN_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** A Content-Security-Policy header's value, written as helmet writes it. */
export function cspHeaderValue(csp: CspDirectives): string {
  return Object.entries(csp)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/**
 * Every answer of this context carries `csp`, whatever server hosts it: under `npm start` the shell's own
 * headers (its page's policy, which lets scripts and styles load) are set on every response, `/api/` ones
 * included, and the API's answers must keep the API's policy. Set after the host's headers (a context's hooks
 * run after its parent's), so it wins; a route that sets its own (a stored file's sandbox, the API docs) still
 * sets it later.
 */
export function installOwnCsp(fastify: FastifyInstance, csp: CspDirectives): void {
  const value = cspHeaderValue(csp);
  fastify.addHook('onRequest', async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', value);
  });
}

/**
 * The headers registerSecurityHeaders gives a document answer, as fixed values, for the few answers Fastify
 * sends before any hook runs (a URL it cannot route, see frameworkErrors). The headers test holds them to
 * what helmet sends. HSTS only when the connection itself is TLS: Fastify reads such a request without the
 * trusted proxy's X-Forwarded-Proto (every other answer over HTTPS carries it, which is all a browser needs).
 */
export function securityHeadersWithoutHooks(
  request: FastifyRequest,
  csp: CspDirectives,
): Record<string, string> {
  return {
    'content-security-policy': cspHeaderValue(csp),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(request.protocol === 'https' ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** Powerful features: the camera for this origin only (barcode scanning), the rest for nobody. */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=()';

/** One year: the minimum the HSTS preload list asks, and ASVS 14.4.5's "at least a year". */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  csp: CspDirectives;
  /** Remotes' files are loaded by the shell's origin: they must say `cross-origin`. */
  crossOriginResourcePolicy?: 'same-origin' | 'same-site' | 'cross-origin';
}

/**
 * The browser security headers of every server of the product (API, shell, remotes), through helmet:
 * CSP, `frame-ancestors 'none'` and X-Frame-Options DENY, nosniff, Referrer-Policy same-origin,
 * Permissions-Policy, and HSTS only on a response that went out over HTTPS (over plain HTTP the header is
 * ignored by browsers and would pin a developer's `localhost` to HTTPS for a year).
 */
export async function registerSecurityHeaders(
  fastify: FastifyInstance,
  { csp, crossOriginResourcePolicy = 'same-origin' }: SecurityHeaderOptions,
): Promise<void> {
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(csp).map(([name, values]) => [name, [...values]])),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: false,
    crossOriginResourcePolicy: { policy: crossOriginResourcePolicy },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  fastify.addHook('onSend', async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isSubresource(reply.getHeader('content-type'))) return payload;
    for (const name of DOCUMENT_ONLY_HEADERS) {
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    }
    return payload;
  });
}

/**
 * Headers a browser reads only from a document (the page, a frame, a worker's script is not served here):
 * on a script or style sheet they are ignored, yet the shell's CSP alone is over 1 KB, paid again by every
 * chunk of a first load. nosniff, CORP, Referrer-Policy (a style sheet's own requests use it) and HSTS stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Scripts and style sheets: never rendered as a document (nosniff keeps them from being sniffed into
 * one). JSON and SVG keep the page headers: opened directly they are documents, and an SVG can run script.
 */
function isSubresource(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'text/javascript' || type === 'application/javascript' || type === 'text/css';
}
