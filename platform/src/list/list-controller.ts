import { useCallback, useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { List } from '@loupe/contracts';
import { fieldErrors, HttpError } from '../http';
import { pageCount, useListParams, type PageSize } from './list-params';

/** The URL parameter (and the API's) that carries a list's sort, as Django REST framework names it. */
export const ORDERING_PARAM = 'ordering';

/**
 * What a list endpoint is asked: the page, the filters that are set (by the URL or fixed by the screen) and,
 * for a sortable list, the ordering always — the order the user sees is the one the server is told.
 */
export type ListQuery<F extends string = never, S extends string = never> = {
  page: number;
  page_size: PageSize;
} & Partial<Record<F, string>> &
  ([S] extends [never] ? unknown : { ordering: S });

export interface ListSort<S extends string> {
  /** Every ordering the endpoint accepts; anything else in the URL counts as the default. */
  options: readonly S[];
  /** Left out of the URL, so the plain address shows the usual order. */
  default: NoInfer<S>;
}

export interface ListControllerOptions<
  TRow,
  F extends string,
  S extends string = never,
  X extends string = never,
  TKey extends QueryKey = QueryKey,
> {
  /** URL parameters the user filters by, named as the API names them. */
  filters: readonly F[];
  /** How the list can be sorted; a list without it sends no ordering. */
  sort?: ListSort<S>;
  /** Values the screen always sends (e.g. the stock type a screen is about); they win over the URL. */
  fixed?: Readonly<Partial<Record<X, string>>>;
  /** The endpoint's query options for one page: its key (`[resource, 'list', query]`) and its fetcher. */
  query(query: ListQuery<F | X, S>): UseQueryOptions<List<TRow>, Error, List<TRow>, TKey>;
  /**
   * A page past the last one (rows sold or filtered away, an old link) answers 404 "Invalid page.".
   * `first-page` (the default) goes back to page 1 in place; `report` leaves it to the screen, which reads
   * `pastTheEnd` and offers the way back itself.
   */
  pastTheEnd?: 'first-page' | 'report';
}

export interface ListController<TRow, F extends string, S extends string = never, X extends string = never> {
  /** The rows shown: this page's, or the previous page's while this one loads (no flash of an empty table). */
  data: TRow[] | undefined;
  /** Rows in the whole list, filters applied; undefined until the first answer. */
  total: number | undefined;
  /** Nothing to show yet: the first load, or a page past the end on its way back to page 1. */
  isLoading: boolean;
  /** A request is under way; the rows shown may be another page's (a view marks itself busy). */
  isFetching: boolean;
  /** Why the list could not be loaded, or null; a page past the end is not an error unless `report` was asked. */
  error: unknown;
  /** Asks again for the same page (the Retry button). */
  retry(): void;
  /** True while the URL asks for a page past the end. */
  pastTheEnd: boolean;
  page: number;
  pageSize: PageSize;
  /** Pages of the list, at least 1. */
  pageCount: number;
  /** 1-based positions of the rows shown in the whole list (`from` 0 when there are none). */
  range: { from: number; to: number };
  setPage(page: number): void;
  /** A new page size starts again at page 1. */
  setPageSize(size: PageSize): void;
  /** Every declared filter, '' when unset. */
  filters: Record<F, string>;
  /** Sets some filters ('' removes one) and goes back to page 1; the sort stays. */
  setFilters(next: Partial<Record<F, string>>): void;
  /** Removes every filter and goes back to page 1; the sort stays. */
  clearFilters(): void;
  /** Some filter is set (platform 1.2): the screen offers Clear Filters and words its empty list for it. */
  filtered: boolean;
  /**
   * The service refused the filters (platform 1.2): a 400 that names the filter at fault (date_to before
   * date_from), to be shown at that field rather than as a failed load. `error` still holds it.
   */
  filtersRefused: boolean;
  /** What the service said of each refused filter, by its name; empty unless `filtersRefused`. */
  filterErrors: Partial<Record<string, string>>;
  /** The ordering in force (the default when the URL has none). */
  sort: [S] extends [never] ? undefined : S;
  /** Changes the order and goes back to page 1, since page 3 of another order is another set of rows. */
  setSort(ordering: S): void;
  /** What the endpoint is asked, for anything else that needs it (an export of the same rows). */
  query: ListQuery<F | X, S>;
}

/**
 * A paged list's controller, react-admin's `useListController` for Loupe: the list's state lives in the URL
 * (page, page_size, the filters, ordering — see useListParams), one page is fetched through the query cache,
 * and the screen gets what it renders. Views only render; paging rules live here once.
 *
 *   const list = useListController({
 *     filters: ['search', 'status', 'balance'],
 *     sort: { options: CLIENT_ORDERINGS, default: DEFAULT_CLIENT_ORDERING },
 *     query: clientsListOptions, // (query) => queryOptions({ queryKey: ['clients', 'list', query], queryFn })
 *   });
 *   list.total === 0 ? 'No clients yet.' : rangeText(list.range, list.total)
 */
export function useListController<
  TRow,
  F extends string,
  S extends string = never,
  X extends string = never,
  TKey extends QueryKey = QueryKey,
>(options: ListControllerOptions<TRow, F, S, X, TKey>): ListController<TRow, F, S, X> {
  const { filters: filterNames, sort, fixed, pastTheEnd: onPastTheEnd = 'first-page' } = options;
  const params = useListParams<F | typeof ORDERING_PARAM>(
    sort ? [...filterNames, ORDERING_PARAM] : filterNames,
  );
  const { page, pageSize, setPage, setPageSize } = params;
  // Filters and the ordering are all URL parameters underneath; the typed setters below keep them apart.
  const setParams = params.setFilters as (next: Partial<Record<string, string>>) => void;

  const ordering: S | undefined = sort
    ? (sort.options as readonly string[]).includes(params.filters[ORDERING_PARAM])
      ? (params.filters[ORDERING_PARAM] as S)
      : sort.default
    : undefined;

  // Callers often pass a new array literal on each render; the joined names are what must stay stable.
  const names = filterNames.join(',');
  const filters = useMemo(() => {
    const out = {} as Record<F, string>;
    for (const name of splitNames<F>(names)) out[name] = params.filters[name];
    return out;
  }, [params.filters, names]);

  const fixedKey = JSON.stringify(fixed ?? {});
  const query = useMemo(() => {
    const out: Record<string, string | number> = { page, page_size: pageSize };
    for (const [name, value] of Object.entries(filters) as [F, string][]) if (value) out[name] = value;
    Object.assign(out, JSON.parse(fixedKey) as Record<string, string>);
    if (ordering !== undefined) out[ORDERING_PARAM] = ordering;
    return out as ListQuery<F | X, S>;
  }, [page, pageSize, filters, fixedKey, ordering]);

  const result = useQuery({ ...options.query(query), placeholderData: keepPreviousData });

  const pastTheEnd = result.error instanceof HttpError && result.error.status === 404 && page > 1;
  const resetting = pastTheEnd && onPastTheEnd === 'first-page';
  useEffect(() => {
    if (resetting) setPage(1, { replace: true });
  }, [resetting, setPage]);

  // The rows on screen and the page they came from: the range must describe those rows, not the page the URL
  // has moved on to, and a page past the end keeps them until page 1 arrives.
  const shown = useRef<{ list: List<TRow>; page: number; pageSize: number } | null>(null);
  if (result.data && !result.isPlaceholderData) shown.current = { list: result.data, page, pageSize };
  const list = result.data ?? (resetting ? shown.current?.list : undefined);
  const from =
    list && list.count > 0 && shown.current ? (shown.current.page - 1) * shown.current.pageSize + 1 : 0;
  const to = list && from > 0 ? Math.min(list.count, from + list.results.length - 1) : 0;

  const error = resetting ? null : result.error;
  const filtersRefused = error instanceof HttpError && error.status === 400;
  const filterErrors = useMemo(() => (filtersRefused ? fieldErrors(error) : {}), [filtersRefused, error]);
  const filtered = Object.values<string>(filters).some(Boolean);

  const { refetch } = result;
  const retry = useCallback(() => void refetch(), [refetch]);
  const setFilters = useCallback((next: Partial<Record<F, string>>) => setParams(next), [setParams]);
  const clearFilters = useCallback(
    () => setParams(Object.fromEntries(splitNames<F>(names).map((name) => [name, '']))),
    [setParams, names],
  );
  const defaultOrdering = sort?.default;
  const setSort = useCallback(
    (next: S) => setParams({ [ORDERING_PARAM]: next === defaultOrdering ? '' : next }),
    [setParams, defaultOrdering],
  );

  return {
    data: list?.results,
    total: list?.count,
    isLoading: !list && (result.isPending || resetting),
    isFetching: result.isFetching || result.isPlaceholderData || resetting,
    error,
    retry,
    pastTheEnd,
    page,
    pageSize,
    pageCount: list ? pageCount(list.count, pageSize) : 1,
    range: { from, to },
    setPage,
    setPageSize,
    filters,
    setFilters,
    clearFilters,
    filtered,
    filtersRefused,
    filterErrors,
    sort: ordering as ListController<TRow, F, S, X>['sort'],
    setSort,
    query,
  };
}

function splitNames<F extends string>(joined: string): F[] {
  return joined.split(',').filter(Boolean) as F[];
}

/** The shown range as the lists word it: "Showing 11–20 of 45". */
export function rangeText(range: { from: number; to: number }, total: number): string {
  return `Showing ${range.from}–${range.to} of ${total}`;
}
