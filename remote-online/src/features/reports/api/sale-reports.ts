import { endpoints, type SaleReport, type SaleReportList } from '@loupe/contracts';
import { api, queryOptions, resourceKeys, useApiMutation, useQuery, type ListQuery } from '@loupe/platform';

export type { SaleReport };

/** What the reports list is filtered by in its URL, under the API's own parameter name (SaleReportQuery). */
export const REPORT_FILTERS = ['status'] as const;
export type ReportListQuery = ListQuery<(typeof REPORT_FILTERS)[number]>;

/** Built here from the endpoint map's group (the marketplace's reports, feeds and channels are one resource). */
export const marketplaceKeys = resourceKeys('marketplace');

/** `GET /api/marketplace/sale-reports/`: open ones (the default) soonest due first, done ones, or all. */
export function getSaleReports(query: ReportListQuery, signal?: AbortSignal): Promise<SaleReportList> {
  return api(endpoints.marketplace.saleReports, { query, signal });
}

export const saleReportsQueryOptions = (query: ReportListQuery) =>
  queryOptions({
    queryKey: marketplaceKeys.list({ reports: query }),
    queryFn: ({ signal }) => getSaleReports(query, signal),
  });

/** The open reports, for the dashboard's card (the first page: soonest due first). */
export const useOpenSaleReports = () =>
  useQuery(saleReportsQueryOptions({ page: 1, page_size: 10, status: 'open' }));

/**
 * `POST /api/marketplace/sale-reports/{id}/done/` → the report, done (audited by the service); 409 when it was
 * already done or closed. Deals show their report too, so the deal pages' data is read again.
 */
export const useMarkReportDone = () =>
  useApiMutation(endpoints.marketplace.saleReportDone, {
    call: (id: number) => ({ params: { id } }),
    changes: ['marketplace', 'deals'],
  });
