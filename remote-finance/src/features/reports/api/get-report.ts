import { paths, type Report, type ReportQuery } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

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
  return http.get<Report>(paths.reports, { query: reportParams(query), signal });
}

/** The report for `query`, or nothing (and no call) while the query is `null` (an unfinished custom range). */
export function useReport(query: ReportQuery | null): QueryResult<Report | null> {
  const key = query ? new URLSearchParams(reportParams(query)).toString() : 'none';
  return useLegacyQuery(`report?${key}`, (signal) =>
    query ? getReport(query, signal) : Promise.resolve(null),
  );
}
