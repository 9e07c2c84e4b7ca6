import { API_BASE, endpoints, pathOf, type AmlEventList } from '@loupe/contracts';
import { api, queryKeys, queryOptions, type ListQuery } from '@loupe/platform';

/** What the Compliance screen is filtered by in its URL, under the API's own parameter names. */
export const AML_FILTERS = ['outcome', 'date_from', 'date_to'] as const;
export type AmlFilter = (typeof AML_FILTERS)[number];
export type AmlListQuery = ListQuery<AmlFilter>;

/**
 * Keys under the 'compliance' root. A sale or payment anywhere may add a row, but the report is read on its
 * own like a log: it relies on the cache's stale time and window-focus refetch.
 */
export const complianceKeys = queryKeys.compliance;

/** `GET /api/compliance/aml/`: one page of flagged cash payments and refused attempts, newest first. */
export function getAmlEvents(query: AmlListQuery, signal?: AbortSignal): Promise<AmlEventList> {
  return api(endpoints.compliance.aml, { query, signal });
}

export const amlQueryOptions = (query: AmlListQuery) =>
  queryOptions({
    queryKey: complianceKeys.list(query),
    queryFn: ({ signal }) => getAmlEvents(query, signal),
  });

/**
 * Where the browser fetches the CSV of the filtered report: a plain link, so the browser streams it to disk
 * under the server's name with the session cookie (a GET needs no CSRF token). The filters only, every row.
 */
export function amlCsvUrl(filters: Partial<Record<AmlFilter, string>>): string {
  const params = new URLSearchParams();
  for (const name of AML_FILTERS) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  const qs = params.toString();
  return `${API_BASE}${pathOf(endpoints.compliance.amlCsv)}${qs ? `?${qs}` : ''}`;
}
