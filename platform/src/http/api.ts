import {
  pathOf,
  type BodyOf,
  type Endpoint,
  type ParamList,
  type PathParams,
  type QueryOf,
  type ResponseOf,
} from '@loupe/contracts';
import { http as defaultClient, type HttpClient, type RequestOptions } from './http-client';

/*
 * The typed call: an endpoint of the map in @loupe/contracts in, its answer's type out. The method, the path
 * and the types of the path parameters, the body, the query and the answer all come from the endpoint, so a
 * call site writes no type argument and cannot send a body the service does not take:
 *
 *   api(endpoints.items.sell, { params: { id }, body })   // → Promise<Item>, body: ItemSell
 *   api(endpoints.items.list, { query, signal })          // → Promise<ItemList>
 *
 * It goes through the HTTP client, so CSRF, the one retry after a 403 and the 401 handling stay as they are.
 */

/** What the browser gets from an endpoint: the bytes of a download, nothing from a 204, else the schema's type. */
export type ApiResponse<E extends Endpoint> = E['response'] extends 'FileDownload'
  ? Blob
  : E['response'] extends 'NoContent'
    ? void
    : ResponseOf<E>;

/**
 * The query as the browser sends it: only the schema's parameters (a misspelt one fails to compile), each in
 * the schema's type or as the text a page read from its URL, which the service validates.
 */
export type ApiQuery<E extends Endpoint> = { [K in keyof QueryOf<E>]?: QueryOf<E>[K] | string };

/** The path parameters of an endpoint's pattern, required exactly when it has some. */
export type ApiParams<E extends Endpoint> =
  ParamList<E['path']> extends [] ? { params?: undefined } : { params: PathParams<E['path']> };
type BodyPart<E extends Endpoint> = [BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> };
type QueryPart<E extends Endpoint> = [QueryOf<E>] extends [never]
  ? { query?: undefined }
  : { query?: ApiQuery<E> };

/** One call of an endpoint: its path parameters, body and query as the map types them, and transport options. */
export type ApiCall<E extends Endpoint> = ApiParams<E> &
  BodyPart<E> &
  QueryPart<E> &
  Pick<RequestOptions, 'signal' | 'keepalive' | 'headers'>;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** The call may be left out when the endpoint needs neither parameters nor a body. */
export type ApiArgs<E extends Endpoint> = [RequiredKeys<ApiCall<E>>] extends [never]
  ? [call?: ApiCall<E>]
  : [call: ApiCall<E>];

export type Api = <E extends Endpoint>(endpoint: E, ...args: ApiArgs<E>) => Promise<ApiResponse<E>>;

/** The typed call over one HTTP client (tests pass their own; the app uses `api`, over the shared client). */
export function createApi(client: HttpClient): Api {
  return <E extends Endpoint>(endpoint: E, ...args: ApiArgs<E>): Promise<ApiResponse<E>> => {
    const call = (args[0] ?? {}) as ApiCall<Endpoint> & {
      params?: Record<string, string | number>;
      body?: unknown;
      query?: RequestOptions['query'];
    };
    const path = pathOf<{ path: string }>(endpoint, call.params ?? {});
    return client.request<ApiResponse<E>>(endpoint.method, path, call.body, {
      query: call.query,
      signal: call.signal,
      keepalive: call.keepalive,
      headers: call.headers,
      responseType: endpoint.response === 'FileDownload' ? 'blob' : 'json',
    });
  };
}

/** The typed call over the shared client. */
export const api: Api = createApi(defaultClient);
