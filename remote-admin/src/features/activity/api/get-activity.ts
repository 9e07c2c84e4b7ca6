import { API_BASE, endpoints, pathOf, type AuditEventList } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery, type ListQuery } from '@loupe/platform';

/** What the Activity screen is filtered by in its URL, under the API's own parameter names. */
export const ACTIVITY_FILTERS = ['user', 'entity', 'action', 'date_from', 'date_to'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];
export type ActivityListQuery = ListQuery<ActivityFilter>;

/**
 * Keys under the 'activity' root; an entry written anywhere in the shop does not invalidate it (the screen
 * is a log, read on its own), so it relies on the cache's stale time and window-focus refetch instead.
 */
export const activityKeys = {
  ...queryKeys.activity,
  filters: () => [...queryKeys.activity.all, 'filters'] as const,
};

/** `GET /api/activity/`: one page of the shop's trail, newest first, filtered by the service. */
export function getActivity(query: ActivityListQuery, signal?: AbortSignal): Promise<AuditEventList> {
  return api(endpoints.activity.list, { query, signal });
}

export const activityQueryOptions = (query: ActivityListQuery) =>
  queryOptions({
    queryKey: activityKeys.list(query),
    queryFn: ({ signal }) => getActivity(query, signal),
  });

/** `GET /api/activity/filters/`: the people, kinds of record and actions the filters offer. */
export function useActivityFilters() {
  return useQuery({
    queryKey: activityKeys.filters(),
    queryFn: ({ signal }) => api(endpoints.activity.filters, { signal }),
  });
}

/**
 * Where the browser fetches the CSV of the filtered trail: `/api/api/activity/csv/?entity=client…`. The
 * filters only: the CSV holds every matching entry, not the page on screen. A plain link downloads it, so the
 * browser streams the file to disk under the server's name and the session cookie goes along (a GET needs no
 * CSRF token), as the reports' CSV does.
 */
export function activityCsvUrl(filters: Partial<Record<ActivityFilter, string>>): string {
  const params = new URLSearchParams();
  for (const name of ACTIVITY_FILTERS) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  const qs = params.toString();
  return `${API_BASE}${pathOf(endpoints.activity.csv)}${qs ? `?${qs}` : ''}`;
}
