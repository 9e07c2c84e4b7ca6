// The schema values behind an endpoint's names, shaped as Fastify's route `schema` takes them, so a route reads
// `schema: { ...schemasOf(endpoints.items.list), tags, summary }`. Server side only: it pulls in TypeBox.
import { Type, type TObject, type TString } from '@sinclair/typebox';
import {
  paramNames,
  type Endpoint,
  type ParamList,
  type SchemaName,
  type SchemaNamed,
  type SuccessStatus,
} from './endpoints';
import * as Schemas from './schemas';

type StatusesOf<E extends Endpoint> = E extends { status: infer S }
  ? S extends readonly SuccessStatus[]
    ? S[number]
    : S
  : 200;

type Named<N> = N extends SchemaName ? SchemaNamed<N> : never;

/** Path parameters arrive as text; the routes turn them into ids themselves (a bad one is a 404). */
export type ParamsSchema<P extends string> = TObject<{ [K in ParamList<P>[number]]: TString }>;

export type EndpointSchemas<E extends Endpoint> = {
  response: { [S in StatusesOf<E>]: SchemaNamed<E['response']> };
} & (ParamList<E['path']> extends [] ? unknown : { params: ParamsSchema<E['path']> }) &
  (E extends { query: infer N } ? { querystring: Named<N> } : unknown) &
  (E extends { body: infer N } ? { body: Named<N> } : unknown);

function schemaNamed<N extends SchemaName>(name: N): SchemaNamed<N> {
  return Schemas[name];
}

/**
 * `{ params?, querystring?, body?, response }` for a route of `endpoint`: the success statuses map to its
 * response schema (a route adds its error answers, e.g. `withErrors(schemas.response)`); params has one string
 * per `:name` of the pattern.
 */
export function schemasOf<const E extends Endpoint>(endpoint: E): EndpointSchemas<E> {
  const statuses: readonly SuccessStatus[] =
    endpoint.status === undefined
      ? [200]
      : typeof endpoint.status === 'number'
        ? [endpoint.status]
        : endpoint.status;
  const response = schemaNamed(endpoint.response);
  const out: Record<string, unknown> = {
    response: Object.fromEntries(statuses.map((status) => [status, response])),
  };
  const names = paramNames(endpoint.path);
  if (names.length > 0)
    out.params = Type.Object(Object.fromEntries(names.map((name) => [name, Type.String()])));
  if (endpoint.query !== undefined) out.querystring = schemaNamed(endpoint.query);
  if (endpoint.body !== undefined) out.body = schemaNamed(endpoint.body);
  return out as EndpointSchemas<E>;
}
