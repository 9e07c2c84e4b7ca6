import type { FastifyRequest } from 'fastify';

/**
 * What pino must never write (ASVS 7.1.1/7.1.2): session and CSRF secrets, passwords, and what a failing
 * query carried. Logs are read by more people, kept longer and shipped further than the database.
 */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'old_password',
  'current_password',
  'csrfToken',
  'csrf_token',
  'csrfmiddlewaretoken',
  'token',
  'cookie',
  'cookies',
  'authorization',
];

// fast-redact's `*` covers one level: the fields are caught at the top of a log object and two levels down
// (`req.body.password`, `err.body.password`), which is as deep as anything of this service logs.
const fieldPaths = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

export const REDACT_PATHS: readonly string[] = [
  ...fieldPaths,
  'req.headers["x-csrftoken"]',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  // A database error carries the statement's parameters (usernames, notes, whatever was refused) and, for a
  // constraint, the offending values in `detail`; the SQL text itself stays, it holds placeholders only.
  'err.params',
  'err.queryOptions',
  'err.detail',
  'error.params',
  'error.queryOptions',
  'error.detail',
];

/**
 * Paths whose last segment is a credential: the client's approval link (modules/workshop/approval-routes.ts)
 * carries a token that answers an estimate, which must not sit in a log for whoever reads it to use.
 */
const CREDENTIAL_PATH = /^((?:\/api)?\/public\/workshop\/approve\/)[^/?]+/;

/**
 * A URL as logged: the path only, since a query string can hold a search for a client's name or a token; a
 * credential in the path (CREDENTIAL_PATH) is redacted too.
 */
export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(CREDENTIAL_PATH, '$1[Redacted]');
  return at === -1 ? path : `${path}?[Redacted]`;
}

/**
 * Fastify's own request line, less the query string. (Fastify logs `req` with method, url, host and the
 * client address; headers and bodies are not logged at all, the redaction above is for anything that does.)
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The API's logger options (standalone server and the launcher alike). */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: [...REDACT_PATHS], censor: '[Redacted]' },
    serializers: { req: serializeRequest },
  };
}
