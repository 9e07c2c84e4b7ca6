import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { dashboardKeys } from '../../../api/query-keys';

export type FinanceDashboard = ResponseOf<typeof endpoints.dashboard.finance>;

/** `GET /api/dashboard/finance/`: revenue, sales, purchases, profit and the recent watch sales. */
export function getFinanceDashboard(signal?: AbortSignal): Promise<FinanceDashboard> {
  return api(endpoints.dashboard.finance, { signal });
}

/**
 * Every finance widget reads this one answer; under one key they share one request, and a Sell, an expense
 * or a purchase anywhere invalidates it by the `dashboard` root.
 */
export const financeDashboardOptions = () =>
  queryOptions({ queryKey: dashboardKeys.finance, queryFn: ({ signal }) => getFinanceDashboard(signal) });

export const useFinanceDashboard = () => useQuery(financeDashboardOptions());
