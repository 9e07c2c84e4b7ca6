import { HttpError, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@loupe/platform';

/*
 * What each change in stock touches, by resource root (the key convention in platform's query-client.ts). The
 * cache is shared with the other remotes, so a root reaches their screens too: a Sell refreshes the buyer's
 * balance on /clients and the revenue on the dashboard without either knowing about stock.
 */

/** Sell, Check Out, Return: the item's status, the client's ledger and Return button, sales figures. */
export const STOCK_MOVED: readonly QueryKey[] = [['items'], ['clients'], ['dashboard'], ['reports']];

/**
 * A new item: its credit and debt lines post to the clients' ledgers, and its purchase price counts in the
 * purchases and stock reports from its purchase date.
 */
export const ITEM_ADDED: readonly QueryKey[] = STOCK_MOVED;

/** An edit may move the purchase date or the stock type, which the reports group by. */
export const ITEM_EDITED: readonly QueryKey[] = [['items'], ['dashboard'], ['reports']];

/** A promotion or an image: what the lists and the dashboard show of the item. */
export const ITEM_CHANGED: readonly QueryKey[] = [['items'], ['dashboard']];

export function invalidate(queryClient: QueryClient, roots: readonly QueryKey[]): Promise<void> {
  return Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/**
 * A 409 says the item is no longer in the status this screen showed (a colleague sold it meanwhile): the
 * stock on screen is stale, whatever the user does next.
 */
export function refreshIfConflict(queryClient: QueryClient, error: unknown): void {
  if (error instanceof HttpError && error.status === 409) {
    void queryClient.invalidateQueries({ queryKey: ['items'] });
  }
}

/**
 * A change to stock: once the service has it, every query under `roots` is marked stale and the ones on
 * screen ask again, so no page reloads by hand. The mutation stays pending until they have, so a dialog
 * closes onto fresh rows.
 */
export function useStockMutation<TVariables, TResult>(
  send: (variables: TVariables) => Promise<TResult>,
  roots: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => invalidate(queryClient, roots),
    onError: (error) => refreshIfConflict(queryClient, error),
  });
}
