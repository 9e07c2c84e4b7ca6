import { Type, type TSchema } from '@sinclair/typebox';
import { ErrorDetail, FieldErrors, schemasOf, type Endpoint } from '@loupe/contracts';
import { idPattern } from './validation';

// The contracts carry $ids for OpenAPI; response schemas are compiled per route, so each use gets a copy.
const { $id: _detailId, ...detailSchema } = ErrorDetail;
const { $id: _fieldsId, ...fieldsSchema } = FieldErrors;
export const Detail = detailSchema as unknown as typeof ErrorDetail;
export const BadRequest = Type.Union([Detail, fieldsSchema as unknown as typeof FieldErrors]);

/** The error answers every API route may give, documented and serialised in DRF's shape. */
export function withErrors<T extends Record<number, TSchema>>(ok: T) {
  return {
    ...ok,
    400: BadRequest,
    401: Detail,
    403: Detail,
    404: Detail,
    405: Detail,
    413: Detail,
    415: Detail,
    429: Detail,
  };
}

/** Who may call a route: signed-in staff, anyone (the caller is read when there is one), or anyone unread. */
export type Access = 'required' | 'optional' | 'none';

/** What a route adds to its endpoint's schemas: documentation, and answers of its own (e.g. a 409). */
export interface RouteDoc {
  summary: string;
  description?: string;
  consumes?: string[];
  /** A body wider than the contract's, where the server accepts more than a client needs to send. */
  body?: TSchema;
  response?: Record<number, TSchema>;
}

type Merged<A, B> = Omit<A, keyof B> & B;

/**
 * Fastify's route options for an endpoint of the contracts' map: its method, its pattern (numeric parameters
 * only, like Django's <int:pk>), its schemas, and every error answer besides its own. Spread it into
 * `fastify.route({ ...endpointRoute(…), handler })`, so a path and its schemas are written once, in the map.
 */
export function endpointRoute<const E extends Endpoint, const D extends RouteDoc>(
  endpoint: E,
  tags: string[],
  doc: D,
  auth: Access = 'required',
) {
  const fromMap = schemasOf(endpoint);
  const response = withErrors({ ...fromMap.response, ...doc.response } as Merged<
    (typeof fromMap)['response'],
    D['response'] extends Record<number, TSchema> ? D['response'] : unknown
  >);
  return {
    method: endpoint.method,
    url: idPattern(endpoint.path),
    config: { auth },
    schema: { tags, ...fromMap, ...doc, response } as Merged<typeof fromMap, Omit<D, 'response'>> & {
      tags: string[];
      response: typeof response;
    },
  };
}

/**
 * A route whose query string DRF reads as a serializer (a report, the memberships' role) rather than as a
 * django-filter list: a miss reads `"x" is not a valid choice.`, as the same field in a body does.
 */
export const serializerQuery = <R extends { config: object }>(route: R) => ({
  ...route,
  config: { ...route.config, queryAsSerializer: true },
});

/** endpointRoute for signed-in staff. */
export function staffRoute<const E extends Endpoint, const D extends RouteDoc>(
  endpoint: E,
  tags: string[],
  doc: D,
) {
  return endpointRoute(endpoint, tags, doc, 'required');
}
