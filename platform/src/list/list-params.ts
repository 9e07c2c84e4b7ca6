import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE as DEFAULT_SIZE, PAGE_SIZES } from '@loupe/contracts';

/** Items per page (SPEC §9): the options the API accepts and the default. */
export { PAGE_SIZES };
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE = DEFAULT_SIZE as PageSize;

export const pageCount = (count: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, count) / pageSize));

export interface ListParams<F extends string> {
  page: number;
  pageSize: PageSize;
  /** Every declared filter, '' when unset. */
  filters: Record<F, string>;
  /** The list's state as the API's query: page, page_size and the filters that are set. */
  query: Record<string, string>;
  /** `replace` corrects the URL in place (a page past the end), so Back does not return to the wrong page. */
  setPage(page: number, options?: { replace?: boolean }): void;
  /** A new page size starts again at page 1 (SPEC §4). */
  setPageSize(size: PageSize): void;
  /** Sets some filters ('' removes one) and goes back to page 1 (SPEC §4). */
  setFilters(next: Partial<Record<F, string>>): void;
  /** Removes every filter and goes back to page 1. */
  clearFilters(): void;
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * A paged, filtered list's state kept in the URL (`?page=2&page_size=25&brand=Rolex`), so a reload, the back
 * button or a shared link shows the same page. The URL uses the API's own parameter names, so `query` is
 * what the list endpoint is asked. Parameters the list does not declare are left alone.
 */
export function useListParams<F extends string>(filterNames: readonly F[]): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const names = filterNames.join(',');

  const state = useMemo(() => {
    const page = positive(params.get('page'), 1);
    const size = positive(params.get('page_size'), DEFAULT_PAGE_SIZE);
    const pageSize = (
      (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE
    ) as PageSize;
    const filters = {} as Record<F, string>;
    const query: Record<string, string> = { page: String(page), page_size: String(pageSize) };
    for (const name of names.split(',').filter(Boolean) as F[]) {
      const value = params.get(name) ?? '';
      filters[name] = value;
      if (value !== '') query[name] = value;
    }
    return { page, pageSize, filters, query };
  }, [params, names]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          if (next.get('page') === '1') next.delete('page');
          if (next.get('page_size') === String(DEFAULT_PAGE_SIZE)) next.delete('page_size');
          return next;
        },
        { preventScrollReset: true, replace },
      ),
    [setParams],
  );

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      update((next) => next.set('page', String(page)), options?.replace),
    [update],
  );
  const setPageSize = useCallback(
    (size: PageSize) =>
      update((next) => {
        next.set('page_size', String(size));
        next.delete('page');
      }),
    [update],
  );
  const setFilters = useCallback(
    (changes: Partial<Record<F, string>>) =>
      update((next) => {
        for (const [name, value] of Object.entries(changes) as [string, string | undefined][]) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
      }),
    [update],
  );
  const clearFilters = useCallback(
    () =>
      update((next) => {
        for (const name of names.split(',').filter(Boolean)) next.delete(name);
        next.delete('page');
      }),
    [update, names],
  );

  return { ...state, setPage, setPageSize, setFilters, clearFilters };
}
