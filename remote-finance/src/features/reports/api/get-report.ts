import { endpoints, type QueryOf, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { reportKeys } from '../../../api/query-keys';

export type Report = ResponseOf<typeof endpoints.reports.get>;
export type ReportQuery = QueryOf<typeof endpoints.reports.get>;

/** The query string of a report as the service takes it (from/to only for a custom range). */
export function reportParams(query: ReportQuery): Record<string, string> {
  const { type = '', range = '' } = query;
  const params: Record<string, string> = { type, range };
  if (query.range === 'custom') {
    if (query.from) params.from = query.from;
    if (query.to) params.to = query.to;
  }
  return params;
}

/** `GET /api/reports/?type=&range=&from=&to=`. */
export function getReport(query: ReportQuery, signal?: AbortSignal): Promise<Report> {
  return api(endpoints.reports.get, { query: reportParams(query), signal });
}

/** Keyed by what the service is asked, so a days pair left over from a custom range never splits the cache. */
export const reportOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.report(reportParams(query)),
    queryFn: ({ signal }) => getReport(query, signal),
  });

/** The report for `query`; no call while the query is `null` (an unfinished custom range). */
export function useReport(query: ReportQuery | null) {
  // While disabled the empty query only names the cache entry; it is never sent.
  return useQuery({ ...reportOptions(query ?? ({} as ReportQuery)), enabled: query !== null });
}
