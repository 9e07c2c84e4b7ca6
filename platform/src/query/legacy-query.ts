import { useCallback, useEffect, useRef, useState } from 'react';

export type QueryState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: unknown };

export type QueryResult<T> = QueryState<T> & {
  /** Asks again with the same key (after a save, or from a Retry button). */
  reload(): void;
};

/**
 * Loads `fetcher`'s answer and reloads it whenever `key` changes (a list's URL query, an id). A newer request
 * aborts the older one, so a slow answer never overwrites a newer one; the previous data stays visible while
 * the next page loads, so lists do not flash empty.
 *
 * @deprecated Caches nothing, so every visit waits and nothing else can refresh it; endpoints move to
 * `useQuery` (TanStack Query, see query-client.ts) one by one, and this hook goes once the last has moved.
 */
export function useLegacyQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): QueryResult<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: undefined, error: null });
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', data: current.data, error: null }));
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((current) => ({ status: 'error', data: current.data, error }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
