// What an endpoint of the map (endpoints.ts) is, and the types read from one: types only, so that a group of the
// map in a module of its own (account-endpoints.ts) can name them without importing the map.
import type { Static, TSchema } from '@sinclair/typebox';
import type * as Schemas from './schemas';

type SchemaModule = typeof Schemas;

/** The export name of a schema in the contracts, e.g. `'ItemList'`. */
export type SchemaName = {
  [K in keyof SchemaModule]: SchemaModule[K] extends TSchema ? K : never;
}[keyof SchemaModule];

/** The schema a name stands for. */
export type SchemaNamed<N extends SchemaName> = SchemaModule[N];

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204;

export interface Endpoint {
  readonly method: EndpointMethod;
  /** Fastify's route pattern, the service's own path (the browser adds API_BASE); `:name` is a path parameter. */
  readonly path: string;
  /** The query string's schema; absent when the endpoint takes none (any parameter is then ignored). */
  readonly query?: SchemaName;
  /** The JSON body's schema. */
  readonly body?: SchemaName;
  /** A multipart/form-data body instead, with one file in the part of this name. */
  readonly upload?: 'file';
  /** The success answer's schema: `NoContent` for a 204, `FileDownload` for bytes. */
  readonly response: SchemaName;
  /** The success status (default 200); a list when the answer says which happened, e.g. created or found. */
  readonly status?: SuccessStatus | readonly SuccessStatus[];
}

/** What the endpoint answers on success, e.g. `ResponseOf<typeof endpoints.items.list>` is `ItemList`. */
export type ResponseOf<E extends Endpoint> = Static<SchemaNamed<E['response']>>;

/** The JSON body the endpoint takes (never when it takes none). */
export type BodyOf<E extends Endpoint> = E extends { body: infer N extends SchemaName }
  ? Static<SchemaNamed<N>>
  : never;

/** The query string the endpoint reads (never when it reads none). */
export type QueryOf<E extends Endpoint> = E extends { query: infer N extends SchemaName }
  ? Static<SchemaNamed<N>>
  : never;
