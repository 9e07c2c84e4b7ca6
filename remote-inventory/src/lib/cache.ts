import {
  HttpError,
  invalidateResources,
  useApiMutation,
  useQueryClient,
  type ApiCall,
  type ApiMutationOptions,
  type Change,
  type QueryClient,
} from '@loupe/platform';
import { STOCK_FOLLOWERS, type Endpoint } from '@loupe/contracts';

/*
 * What each change in stock touches, by resource (the platform's resources, derived from the endpoint map).
 * The cache is shared with the other remotes, so a resource reaches their screens too: a Sell refreshes the
 * buyer's balance on /clients and the revenue on the dashboard without either knowing about stock.
 */

/**
 * Sell, Check Out, Return: the item's status, the client's ledger and Return button, sales figures; and what
 * follows an item's availability online (contracts' STOCK_FOLLOWERS, written once for every screen that moves
 * stock: the marketplace's feeds and Chrono24 sale reports, the wanted-list matches).
 */
export const STOCK_MOVED = [
  'items',
  'clients',
  'dashboard',
  'reports',
  ...STOCK_FOLLOWERS,
] as const satisfies readonly Change[];

/**
 * A new item: its credit and debt lines post to the clients' ledgers, and its purchase price counts in the
 * purchases and stock reports from its purchase date.
 */
export const ITEM_ADDED = STOCK_MOVED;

/** An edit may move the purchase date or the stock type, which the reports group by. */
export const ITEM_EDITED = ['items', 'dashboard', 'reports'] as const satisfies readonly Change[];

/** A promotion or an image: what the lists and the dashboard show of the item. */
export const ITEM_CHANGED = ['items', 'dashboard'] as const satisfies readonly Change[];

/**
 * A 409 says the item is no longer in the status this screen showed (a colleague sold it meanwhile): the
 * stock on screen is stale, whatever the user does next.
 */
export function refreshIfConflict(queryClient: QueryClient, error: unknown): void {
  if (error instanceof HttpError && error.status === 409) void invalidateResources(queryClient, ['items']);
}

/**
 * A change to stock through one endpoint: once the service has it, the platform marks every query under
 * `changes` stale and the ones on screen ask again, so no page reloads by hand. The mutation stays pending
 * until they have, so a dialog closes onto fresh rows.
 */
export function useStockMutation<E extends Endpoint, TVariables = ApiCall<E>>(
  endpoint: E,
  options: Pick<ApiMutationOptions<E, TVariables, unknown>, 'call' | 'send' | 'changes'>,
) {
  const queryClient = useQueryClient();
  return useApiMutation(endpoint, {
    ...options,
    onError: (error) => refreshIfConflict(queryClient, error),
  });
}
