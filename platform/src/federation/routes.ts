import type { RemoteRoute, RemoteRoutes } from './types';

/** A remote route's URL pattern: its path below the prefix it is listed under ('' is the prefix itself). */
export function routePath(prefix: string, path: string): string {
  return path === '' ? prefix : `${prefix}/${path}`;
}

/**
 * A remote's route table with absolute paths, in the order of `prefixes` (by default the table's own): what a
 * router mounts, whether the shell (with the prefixes of the remotes list) or a remote's standalone harness.
 */
export function absoluteRoutes(
  table: RemoteRoutes,
  prefixes: readonly string[] = Object.keys(table),
): RemoteRoute[] {
  return prefixes.flatMap((prefix) =>
    (table[prefix] ?? []).map((route) => ({ ...route, path: routePath(prefix, route.path) })),
  );
}
