import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

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
  // Synchronous, as every hook of the signed-in path: an async hook costs a promise and a microtask per request.
  fastify.addHook(
    'onRequest',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (hostIsAllowed(request.host, allowedHosts)) return done();
      request.log.warn({ host: request.host }, 'Invalid Host header; add it to ALLOWED_HOSTS if it is ours');
      reply
        .code(400)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Bad Request (400)');
    },
  );
}

/**
 * A source worked out per response (helmet calls it with the request and response): the shell's policy names
 * the origins remote:deploy switched to since the start (launcher/src/servers.cjs).
 */
export type CspSourceFunction = (request: IncomingMessage, response: ServerResponse) => string;
export type CspDirectives = Record<string, readonly (string | CspSourceFunction)[]>;

/** What a JSON API (and anything else not meant to render) may load: nothing, and never be framed. */
export const LOCKED_DOWN_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Every answer of this context carries `csp`, whatever server hosts it: under `npm start` the shell's own
 * headers (its page's policy, which lets scripts and styles load) are set on every response, `/api/` ones
 * included, and the API's answers must keep the API's policy. Set after the host's headers (a context's hooks
 * run after its parent's), so it wins; a route that sets its own (a stored file's sandbox, the API docs) still
 * sets it later.
 */
export function installOwnCsp(fastify: FastifyInstance, csp: CspDirectives): void {
  const value = helmetHeaders(csp, 'same-origin')['content-security-policy']!;
  // Under buildApp the root already sets this very policy on every answer: setting it again would only cost a
  // header write per request. Any other host (the shell's page policy) gets it overwritten.
  if (
    fastify.hasDecorator(STATIC_CSP) &&
    (fastify as unknown as Record<symbol, unknown>)[STATIC_CSP] === value
  )
    return;
  fastify.addHook(
    'onRequest',
    (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      reply.header('content-security-policy', value);
      done();
    },
  );
}

/** The CSP registerSecurityHeaders sets on every answer of its context, when it is one fixed value. */
const STATIC_CSP = Symbol('loupe.staticCsp');

/**
 * The headers registerSecurityHeaders gives a JSON answer, as fixed values, for the few answers Fastify sends
 * before any hook runs (a URL it cannot route, see frameworkErrors, which answers JSON). HSTS only when the
 * connection itself is TLS: Fastify reads such a request without the trusted proxy's X-Forwarded-Proto (every
 * other answer over HTTPS carries it, which is all a browser needs).
 */
export function securityHeadersWithoutHooks(
  request: FastifyRequest,
  csp: CspDirectives,
): Record<string, string> {
  return {
    ...pick(helmetHeaders(csp, 'same-origin'), JSON_ANSWER_HEADERS),
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
 * The browser security headers of every server of the product (API, shell, remotes), through helmet, chosen
 * by what the answer is (its Content-Type, known once it is sent):
 *
 * - a document (HTML, SVG, text, a PDF, an image, a file, anything not below): all of them — CSP with
 *   `frame-ancestors 'none'`, X-Frame-Options DENY, nosniff, CORP, Referrer-Policy same-origin,
 *   Permissions-Policy, helmet's COOP, Origin-Agent-Cluster and legacy headers;
 * - a JSON answer (the API): only what OWASP's REST Security Cheat Sheet ("Security Headers",
 *   https://cheatsheetseries.owasp.org/cheatsheets/REST_Security_Cheat_Sheet.html#security-headers) lists for
 *   API responses — CSP (ours: `default-src 'none'` and `frame-ancestors 'none'`), X-Frame-Options DENY,
 *   nosniff with the JSON Content-Type, HSTS, and `Cache-Control: no-store` (the API's own hook) — plus CORP,
 *   which keeps another origin's page from pulling the JSON into its process (`<img src>`, `<script src>`).
 *   The rest only steer what a document does: what it may load or use (Permissions-Policy), the referrer its
 *   links send, its browsing-context group (COOP, Origin-Agent-Cluster), old browsers' XSS filters and
 *   download prompts. A JSON answer opened in a browser runs and loads nothing under `default-src 'none'`,
 *   and nosniff keeps it from being read as HTML. They were ~40% of a signed-in `/auth-check/`'s bytes;
 * - a script or style sheet: nosniff, CORP and Referrer-Policy (a style sheet's own requests use it) — the
 *   document headers are ignored there, yet the shell's CSP alone is over 1 KB, paid by every chunk.
 *
 * HSTS only on an answer that went out over HTTPS, whatever its kind (over plain HTTP browsers ignore it, and
 * it would pin a developer's `localhost` to HTTPS for a year). A header a route set itself (a feed's own
 * Referrer-Policy, a stored file's sandbox CSP) is kept.
 */
export async function registerSecurityHeaders(
  fastify: FastifyInstance,
  { csp, crossOriginResourcePolicy = 'same-origin' }: SecurityHeaderOptions,
): Promise<void> {
  // helmet's answer depends only on these options, so it is worked out once here and each request gets the
  // same headers in one call. (@fastify/helmet ran helmet afresh on every request — options parsed, the CSP
  // re-serialised — about a tenth of a signed-in /auth-check/'s CPU time in the issue 26 profile.)
  // A policy with a source worked out per response is helmet's CSP middleware, built once and run per request.
  const perResponseCsp = Object.values(csp).some((sources) => sources.some((s) => typeof s === 'function'))
    ? helmet.contentSecurityPolicy(helmetCspOptions(csp))
    : null;
  const all: Record<string, string> = {
    ...helmetHeaders(csp, crossOriginResourcePolicy),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  // Every answer starts with the JSON answer's set (the API's answers, the most frequent, are then complete);
  // a document gets the rest once its type is known, a script or style sheet loses the CSP and framing.
  const first = pick(all, JSON_ANSWER_HEADERS);
  if (perResponseCsp) delete first['content-security-policy'];
  else fastify.decorate(STATIC_CSP, first['content-security-policy']);
  const documentRest = Object.entries(all).filter(
    ([name]) => !(JSON_ANSWER_HEADERS as readonly string[]).includes(name),
  );
  const referrerPolicy = all['referrer-policy']!;
  // Both hooks synchronous: an async hook costs a promise and a microtask per request (issue 26 profile).
  fastify.addHook(
    'onRequest',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      reply.headers(first);
      if (perResponseCsp) perResponseCsp(request.raw, reply.raw, throwIfFailed);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    },
  );
  fastify.addHook(
    'onSend',
    (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      const kind = answerKind(reply.getHeader('content-type'));
      if (kind === 'subresource') {
        for (const name of FRAMING_HEADERS) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
        if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', referrerPolicy);
      } else if (kind === 'document') {
        for (const [name, value] of documentRest) if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    },
  );
}

/** helmet's options for the product: the CSP given, framing denied, no HSTS (set per request, above). */
function helmetOptions(
  csp: CspDirectives,
  crossOriginResourcePolicy: NonNullable<SecurityHeaderOptions['crossOriginResourcePolicy']>,
): HelmetOptions {
  return {
    contentSecurityPolicy: helmetCspOptions(csp),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: false,
    crossOriginResourcePolicy: { policy: crossOriginResourcePolicy },
    crossOriginEmbedderPolicy: false,
  };
}

function helmetCspOptions(csp: CspDirectives) {
  return {
    useDefaults: false,
    directives: Object.fromEntries(Object.entries(csp).map(([name, values]) => [name, [...values]])),
  };
}

function throwIfFailed(error?: unknown): void {
  if (error) throw error;
}

/**
 * The headers helmet sets for these options, read by running its middleware once on a response that only
 * records them: helmet stays the one that knows which headers and values are right.
 */
export function helmetHeaders(
  csp: CspDirectives,
  crossOriginResourcePolicy: NonNullable<SecurityHeaderOptions['crossOriginResourcePolicy']>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(csp, crossOriginResourcePolicy))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    throwIfFailed,
  );
  return headers;
}

/**
 * What a JSON answer carries (with HSTS over HTTPS and the API's no-store): see registerSecurityHeaders.
 * Every answer is given these first.
 */
const JSON_ANSWER_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'cross-origin-resource-policy',
] as const;

/** What a script or style sheet does not carry of JSON_ANSWER_HEADERS: they apply to what is rendered (the rest
 * of a document's headers it never gets). */
const FRAMING_HEADERS = ['content-security-policy', 'x-frame-options'] as const;

function pick(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => name in headers).map((name) => [name, headers[name]!]));
}

/**
 * JSON (`application/json`, `…+json`): the API's answers. Scripts and style sheets: never rendered as a
 * document (nosniff keeps them from being sniffed into one). Anything else, or no type at all, is treated as
 * a document: HTML, SVG (it can run script), text, PDFs, images and other files.
 */
function answerKind(contentType: unknown): 'json' | 'subresource' | 'document' {
  if (typeof contentType !== 'string') return 'document';
  // The API's own type first, without splitting: nearly every answer is this one.
  if (contentType === 'application/json; charset=utf-8') return 'json';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/javascript' || type === 'application/javascript' || type === 'text/css')
    return 'subresource';
  return 'document';
}
