import { API_BASE, endpoints, pathOf, type MarginQuery, type MarginReport } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

/**
 * Under the finance reports' root ('reports'), so a Sell or a void that refreshes the reports refreshes the
 * margins with them.
 */
export const marginsKey = (query: MarginQuery) => [...queryKeys.reports.all, 'margins', query] as const;

/** `GET /api/reports/margins/?from&to`: item sales, cost of goods sold and margin by brand over the days. */
export function getMargins(query: MarginQuery, signal?: AbortSignal): Promise<MarginReport> {
  return api(endpoints.reports.margins, { query, signal });
}

/** Only asked for once both days are chosen; null leaves the query idle. */
export function useMargins(query: MarginQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: marginsKey(query ?? { from: '', to: '' }),
      queryFn: ({ signal }) => getMargins(query as MarginQuery, signal),
      enabled: query !== null,
    }),
  );
}

/**
 * Where the browser fetches the CSV of the same range: a plain link, so the browser streams it to disk under the
 * server's name with the session cookie (a GET needs no CSRF token).
 */
export function marginsCsvUrl(query: MarginQuery): string {
  return `${API_BASE}${pathOf(endpoints.reports.marginsCsv)}?${new URLSearchParams({ ...query }).toString()}`;
}
