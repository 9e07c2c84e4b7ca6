import { endpoints, type Endpoint, type Endpoints } from '@loupe/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * The resources of the query cache, derived once from the endpoint map: each group of endpoints is a resource
 * under the group's own name, or under the name below when its data belongs to another resource's screens
 * (the stock-aging figures are stock; a pin's totals are the dashboard's). A group added to the map is a
 * resource at once. Every query key starts with a resource (query-client.ts), and a mutation names the
 * resources it changes (`changes`) for the platform to invalidate, so no remote spells another's key.
 */
const RESOURCE_OF_GROUP = {
  quickSales: 'quick-sales',
  settings: 'shop-settings',
  stockTakes: 'stock-takes',
  checkouts: 'clients',
  labels: 'items',
  stock: 'items',
  pins: 'dashboard',
} as const satisfies { readonly [G in keyof Endpoints]?: string };

type Renamed = typeof RESOURCE_OF_GROUP;
type Group = keyof Endpoints;
type ResourceOfGroup<G extends Group> = G extends keyof Renamed ? Renamed[G] : G;

/** A root of the query cache: `'items'`, `'clients'`, `'invoices'`, `'dashboard'`, … */
export type Resource = { [G in Group]: ResourceOfGroup<G> }[Group];

/** A key under one resource, e.g. `['stock-takes', 'detail', 4]`: a change narrower than the whole resource. */
export type ResourceKey = readonly [Resource, ...unknown[]];

/** What a mutation changes: whole resources, or keys under one. */
export type Change = Resource | ResourceKey;

function resourceOfGroup(group: string): Resource {
  return ((RESOURCE_OF_GROUP as Record<string, string>)[group] ?? group) as Resource;
}

const groupOf = new Map<Endpoint, string>(
  Object.entries(endpoints as Record<string, Record<string, Endpoint>>).flatMap(([group, members]) =>
    Object.values(members).map((endpoint) => [endpoint, group] as const),
  ),
);

/** Every resource, once. */
export const RESOURCES: readonly Resource[] = Array.from(
  new Set(Object.keys(endpoints).map(resourceOfGroup)),
);

/** The resource an endpoint of the map reads or writes: `resourceOf(endpoints.items.sell)` is `'items'`. */
export function resourceOf(endpoint: Endpoint): Resource {
  const group = groupOf.get(endpoint);
  if (group === undefined)
    throw new Error(`resourceOf: ${endpoint.method} ${endpoint.path} is not in the map`);
  return resourceOfGroup(group);
}

/** The key convention (query-client.ts) for one resource, so every remote spells it the same way. */
export function resourceKeys<R extends Resource>(resource: R) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: <Q>(query: Q) => [resource, 'list', query] as const,
    details: () => [resource, 'detail'] as const,
    // A number only: the cache tells 5 from '5', and a route's id would otherwise miss the list's.
    detail: (id: number) => [resource, 'detail', id] as const,
  };
}

export type ResourceKeys<R extends Resource> = ReturnType<typeof resourceKeys<R>>;

/** The keys of every resource, built here once: `queryKeys.items.detail(5)` is `['items', 'detail', 5]`. */
export const queryKeys = Object.fromEntries(
  RESOURCES.map((resource) => [resource, resourceKeys(resource)]),
) as {
  readonly [R in Resource]: ResourceKeys<R>;
};

/** The query key a change stands for: a resource's root, or the key itself. */
export function changeKey(change: Change): QueryKey {
  return typeof change === 'string' ? [change] : change;
}

/**
 * Marks every query under the changes stale (the ones on screen ask again) and resolves once those have
 * answered, so whoever waits for it shows fresh rows.
 */
export function invalidateResources(queryClient: QueryClient, changes: readonly Change[]): Promise<void> {
  return Promise.all(
    changes.map((change) => queryClient.invalidateQueries({ queryKey: changeKey(change) })),
  ).then(() => undefined);
}
