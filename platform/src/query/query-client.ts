import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { HttpError } from '../http';

/*
 * The query cache: one QueryClient, created by the shell and provided above every remote, so a change saved in
 * one remote refreshes what another shows. Keys name what a query reads, so a mutation invalidates by key
 * instead of each page reloading by hand:
 *
 *   [resource]                          everything about a resource: 'items', 'clients', 'expenses', …
 *   [resource, 'list', query]           one page of a list; `query` is the typed list query (page, filters, sort)
 *   [resource, 'detail', id]            one record
 *   [resource, <name>, …]               anything else read from that resource (e.g. ['items', 'summary'])
 *   ['dashboard', <widget>, …]          figures that add up several resources (revenue, pinned reports)
 *
 * The resources are derived once from the endpoint map (resources.ts), which owns their keys:
 * `queryKeys.items` builds the first three. A mutation declares the resources it changes and the platform
 * invalidates them (api-mutation.ts); invalidation matches key prefixes, so after a Sell
 *
 *   useApiMutation(endpoints.items.sell, { call, changes: ['items', 'clients', 'dashboard', …] })
 *
 * refreshes every stock list, the item and the summary, the buyer's balance and Return button, and revenue.
 */

/** Figures change when any colleague saves, yet a revisit within this time needs no second request. */
export const STALE_TIME_MS = 15_000;
/** How long a screen no one shows keeps its rows, so going back to it shows them at once. */
export const GC_TIME_MS = 10 * 60_000;

/**
 * Retries only what a second try can fix: a network failure or a 5xx, once. A 4xx is the server's answer —
 * a 404 past the end of a list, a 403, a 401 that has already sent the user to sign in — and asking again
 * would only delay it.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { queries, mutations } = config.defaultOptions ?? {};
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        retry: shouldRetry,
        // Staff leave the back office open in a tab while colleagues sell; coming back should show today's
        // stock, and the staleTime keeps a quick tab switch from asking again.
        refetchOnWindowFocus: true,
        ...queries,
      },
      // A Sell or a payment sent twice is worse than one that failed: the user decides whether to retry.
      mutations: { retry: false, ...mutations },
    },
  });
}
