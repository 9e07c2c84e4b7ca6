import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEXT_KEYWORD, type FieldErrors, type TextProblem } from '@loupe/contracts';
import { ApiError, ConflictWithFields, NOT_FOUND, REQUIRED } from '../kernel/http-errors';
import { LOCKED_DOWN_CSP, securityHeadersWithoutHooks } from './headers';
import { TEXT_PROBLEM_MESSAGES, invalidChoice, invalidFilterChoice, invalidPage } from '../kernel/validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A query string read as a DRF serializer (a miss reads `"x" is not a valid choice.`) instead of a
     * django-filter list (`Select a valid choice. …`).
     */
    queryAsSerializer?: boolean;
  }
}

/** Large enough for any form of this service, small enough that nobody can make us buffer megabytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params: Record<string, unknown>;
  data?: unknown;
}

function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'object':
      return 'dict';
    default:
      return typeof value;
  }
}

function typeMessage(expected: unknown): string {
  switch (expected) {
    case 'integer':
    case 'number':
      return 'A valid integer is required.';
    case 'boolean':
      return 'Must be a valid boolean.';
    case 'string':
      return 'Not a valid string.';
    default:
      return 'Invalid value.';
  }
}

/**
 * A miss of the contracts' Text rule in DRF's words (Django's own for NUL), or undefined for any other
 * error. A union's branch counts too, so a decimal sent as text with a NUL says so rather than "not a number".
 */
function textMessage(errors: readonly AjvError[]): string | undefined {
  const miss = errors.find((e) => e.keyword === TEXT_KEYWORD);
  if (!miss) return undefined;
  return TEXT_PROBLEM_MESSAGES[miss.params.problem as TextProblem] ?? TEXT_PROBLEM_MESSAGES.control;
}

/** Ajv's errors in DRF's words, one message per field, keyed like DRF's serializer errors. */
export function formatValidationErrors(
  errors: readonly AjvError[],
  part: string,
  input: unknown,
): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    out[field] ??= [];
    if (!out[field].includes(message)) out[field].push(message);
  };
  const fieldOf = (error: AjvError) => error.instancePath.split('/')[1] ?? '';
  const valueOf = (field: string): unknown =>
    input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[field] : undefined;

  // Errors of the branches of a union are noise once the union itself is reported.
  const unionPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    if (error.instancePath === '' && error.keyword === 'type') {
      add(
        part === 'body' ? 'non_field_errors' : part,
        `Invalid data. Expected a dictionary, but got ${pythonTypeName(input)}.`,
      );
      continue;
    }
    if (error.keyword === 'required') {
      add(String(error.params.missingProperty), REQUIRED);
      continue;
    }
    if (error.keyword === 'additionalProperties') {
      add(String(error.params.additionalProperty), 'This field is not allowed.');
      continue;
    }
    const field = fieldOf(error);
    if (error.keyword === 'anyOf') {
      const branches = errors.filter(
        (e) => e !== error && e.instancePath === error.instancePath && e.keyword !== 'anyOf',
      );
      const text = textMessage(branches);
      if (text) add(field, text);
      else if (branches.some((e) => e.keyword === 'const' || e.keyword === 'enum')) {
        const value = valueOf(field);
        add(field, invalidChoice(typeof value === 'string' ? value : JSON.stringify(value)));
      } else {
        const expected = branches.find((e) => e.keyword === 'type')?.params.type;
        add(field, typeMessage(expected));
      }
      continue;
    }
    if (unionPaths.has(error.instancePath)) continue;
    switch (error.keyword) {
      case 'type':
        add(field, typeMessage(error.params.type));
        break;
      case 'maxLength':
        add(field, `Ensure this field has no more than ${String(error.params.limit)} characters.`);
        break;
      case 'minLength':
        add(field, `Ensure this field has at least ${String(error.params.limit)} characters.`);
        break;
      case 'const':
      case 'enum':
        add(field, invalidChoice(String(valueOf(field))));
        break;
      case TEXT_KEYWORD:
        add(field, textMessage([error]) ?? 'Invalid value.');
        break;
      default:
        add(field || 'non_field_errors', 'Invalid value.');
    }
  }
  return out;
}

/**
 * Ajv's errors of a query string in the words django-filter gives (DRF's serializer words for a choice when
 * `asSerializer`): a page that is not a page is 404 "Invalid page." whatever else is wrong, a choice missed
 * names the value as typed (trimmed), a comma list names its entries that are not choices.
 */
export function formatQueryErrors(
  errors: readonly AjvError[],
  query: unknown,
  asSerializer = false,
): ApiError {
  const fieldOf = (error: AjvError) => error.instancePath.split('/')[1] ?? '';
  if (errors.some((e) => fieldOf(e) === 'page')) return invalidPage();
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    out[field] ??= [];
    if (!out[field].includes(message)) out[field].push(message);
  };
  const textOf = (field: string) => {
    const value =
      query !== null && typeof query === 'object' ? (query as Record<string, unknown>)[field] : '';
    return typeof value === 'string' ? value.trim() : String(value);
  };
  const choice = (value: string) => (asSerializer ? invalidChoice(value) : invalidFilterChoice(value));
  const unionPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    const field = fieldOf(error);
    const text = textMessage([error]);
    if (error.keyword === 'required') add(String(error.params.missingProperty), REQUIRED);
    else if (error.keyword === 'additionalProperties')
      add(String(error.params.additionalProperty), 'This field is not allowed.');
    else if (error.keyword === 'anyOf') add(field, choice(textOf(field)));
    else if (unionPaths.has(error.instancePath)) continue;
    else if (error.keyword === 'maxLength')
      add(field, `Ensure this field has no more than ${String(error.params.limit)} characters.`);
    else if (text) add(field, text);
    else if (error.keyword === 'pattern') {
      // The list's pattern accepts one valid entry alone, so it tells which entries are not choices.
      const one = new RegExp(String(error.params.pattern), 'u');
      const entries = new Set(
        textOf(field)
          .split(',')
          .map((entry) => entry.trim()),
      );
      add(field, choice([...entries].filter((entry) => !one.test(entry)).join(',')));
    } else if (
      error.keyword === 'minimum' ||
      error.keyword === 'maximum' ||
      (error.keyword === 'type' && error.params.type === 'integer')
    )
      add(field, 'Enter a whole number.');
    else if (error.keyword === 'type' && error.params.type === 'string') add(field, typeMessage('string'));
    else add(field, choice(textOf(field)));
  }
  return new ApiError(400, out);
}

/**
 * SQLSTATE classes that mean "the database refused this value": 22 data exception (a NUL, a number out of
 * range, text too long, a bad date), 23 integrity constraint (not null, unique, foreign key, check), 54
 * program limit (an index row too large). The contracts' Text rule and each module's checks must refuse such
 * input first; this is the safety net that keeps a missed case a 400 rather than a 500.
 */
const BAD_INPUT_SQLSTATE = /^(22|23|54)[0-9A-Z]{3}$/;

function databaseRefusal(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && BAD_INPUT_SQLSTATE.test(code) ? code : undefined;
}

/**
 * An error answer: JSON, and never kept by a cache (an answer about a missing path or a refused request is
 * as private as the others, and a shared cache must not serve it for a path that exists a moment later).
 */
function send(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** What a URL Fastify cannot route is answered with, instead of Fastify's own `{"error", "code", …}`. */
const URL_ERRORS: Record<string, { status: number; detail: string }> = {
  // An escape that decodes to nothing (`/api/items/%zz/`).
  FST_ERR_BAD_URL: { status: 400, detail: 'The address is not valid.' },
  // A path parameter over Fastify's maxParamLength (100 characters), which Fastify answers 414. No id of ours
  // is that long: like any other id no row can have (pathId), it is simply not found, whatever the method (a
  // GET reaches the catch-all below and says so anyway).
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, detail: NOT_FOUND },
};

/**
 * Fastify's `frameworkErrors` server option, for every server that hosts the API (buildApp, the shell of
 * `npm start`): a URL it cannot route is answered before any route, plugin or hook sees the request, so in
 * Fastify's own shape, with none of the security headers, and echoing the URL. This answers in the API's
 * shape, with the headers registerSecurityHeaders would have given it and no-store.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = URL_ERRORS[error.code];
  if (!known) request.log.error({ err: error }, 'unhandled framework error');
  const { status, detail } = known ?? { status: 500, detail: 'A server error occurred.' };
  return send(reply, status, { detail }, securityHeadersWithoutHooks(request, LOCKED_DOWN_CSP));
}

/**
 * Every answer of this service is DRF-shaped, Fastify's own errors included; a client mistake is never a
 * 5xx, and a 5xx never shows internals.
 */
export function installErrorHandling(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    route.bodyLimit ??= BODY_LIMIT_BYTES;
    // DRF reads a missing body as an empty form, so a bodiless POST gets "This field is required." per field.
    if (route.schema?.body) {
      const emptyBodyAsObject = async (request: FastifyRequest) => {
        if (request.body === undefined) request.body = {};
      };
      route.preValidation = [emptyBodyAsObject, ...[route.preValidation ?? []].flat()];
    }
  });

  // The browser's client sends `Content-Type: application/json` on every call, bodiless POST /logout/
  // included: an empty body reads as no body (Fastify's own parser would answer 400).
  const defaultJsonParser = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, body as string, done);
  });

  fastify.setNotFoundHandler((_request, reply) => send(reply, 404, { detail: NOT_FOUND }));
  // A host's catch-all would take this context's unknown paths from the handler above, and answer them with
  // its own headers: under `npm start` the shell's static files answer every GET it has no route for. This
  // context's own catch-all is more specific under its prefix (`/api/*`), and answers them as the handler does.
  fastify.route({
    method: 'GET',
    url: '/*',
    schema: { hide: true },
    handler: async (_request, reply) => send(reply, 404, { detail: NOT_FOUND }),
  });

  fastify.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    // Serialised here, so the route's 409 schema (detail only) does not strip the extra fields.
    if (error instanceof ConflictWithFields)
      return send(reply, 409, JSON.stringify(error.body), error.headers);
    if (error instanceof ApiError) return send(reply, error.statusCode, error.body, error.headers);
    if (error.validation && error.validationContext === 'querystring') {
      const problem = formatQueryErrors(
        error.validation as AjvError[],
        request.query,
        request.routeOptions.config.queryAsSerializer,
      );
      return send(reply, problem.statusCode, problem.body);
    }
    if (error.validation) {
      const part = error.validationContext ?? 'body';
      const input = {
        body: request.body,
        querystring: request.query,
        params: request.params,
        headers: request.headers,
      }[part];
      return send(reply, 400, formatValidationErrors(error.validation as AjvError[], part, input));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, {
          detail: `Request body is too large (the limit is ${BODY_LIMIT_BYTES} bytes).`,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
        const type =
          String(request.headers['content-type'] ?? '')
            .split(';')[0]
            ?.trim() ?? '';
        return send(reply, 415, { detail: `Unsupported media type "${type}" in request.` });
      }
      default:
        break;
    }
    const sqlstate = databaseRefusal(error);
    if (sqlstate) {
      // Worth a look (a rule is missing upstream) but not an error page: the code and the route only, since
      // the error's parameters and detail carry what the client sent.
      request.log.warn({ sqlstate, route: request.routeOptions.url }, 'database refused the input');
      return send(reply, 400, { detail: 'The request could not be stored: a value is not valid.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's JSON parser and secure-json-parse raise SyntaxErrors: DRF names those a parse error.
      const parse = error instanceof SyntaxError || /JSON|prototype/i.test(error.message);
      const detail = parse && status === 400 ? `JSON parse error - ${error.message}` : error.message;
      return send(reply, status, { detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { detail: 'A server error occurred.' });
  });
}
