// How an endpoint's route pattern becomes a path: its parameters' types and the functions that fill them in.
// Apart from the map (endpoints.ts, which re-exports them): the browser's first chunk builds paths and needs
// none of the map but the session's calls (account-endpoints.ts).

/** A value for a path parameter: ids come as numbers from the API and as strings from the page's URL. */
export type PathParam = number | string;

/** The parameter names of a pattern, in order: `ParamList<'/api/items/:id/images/:imageId/'>` is `['id', 'imageId']`. */
export type ParamList<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamList<Rest>]
  : [];

/** The values pathOf needs for a pattern: `{ id: PathParam, imageId: PathParam }`. */
export type PathParams<P extends string> = { [K in ParamList<P>[number]]: PathParam };

/**
 * pathOf's second argument: required when the pattern has parameters, absent when it has none (and
 * optional for a pattern only known as `string`).
 */
export type PathArgs<P extends string> = string extends P
  ? [params?: Record<string, PathParam>]
  : ParamList<P> extends []
    ? []
    : [params: PathParams<P>];

const PARAM = /:([A-Za-z_]\w*)/g;

/** The parameter names of a pattern, in order (the runtime twin of ParamList). */
export function paramNames(pattern: string): string[] {
  return Array.from(pattern.matchAll(PARAM), (match) => match[1] as string);
}

/**
 * The path of an endpoint with its parameters filled in and URL-encoded:
 * `pathOf(endpoints.items.detail, { id: 7 })` → `/api/items/7/`. The browser's HTTP client adds API_BASE.
 */
export function pathOf<E extends { readonly path: string }>(
  endpoint: E,
  ...args: PathArgs<E['path']>
): string {
  const params = (args[0] ?? {}) as Record<string, PathParam | undefined>;
  return endpoint.path.replace(PARAM, (_match, name: string) => {
    const value = params[name];
    // A missing id would silently call a list endpoint instead of one record's.
    if (value === undefined || value === null || value === '') {
      throw new Error(`pathOf(${endpoint.path}): no value for "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}
