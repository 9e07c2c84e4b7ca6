import { paths, type FinanceDashboard } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

let inFlight: Promise<FinanceDashboard> | null = null;

/**
 * `GET /api/dashboard/finance/`. Several widgets read it when a dashboard view mounts; they share the one
 * request while it is in flight, and a later view (another tab, a return to the dashboard) asks afresh, so
 * the figures are never older than the view that shows them.
 */
export function getFinanceDashboard(): Promise<FinanceDashboard> {
  if (!inFlight) {
    inFlight = http.get<FinanceDashboard>(paths.financeDashboard).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

export function useFinanceDashboard(): QueryResult<FinanceDashboard> {
  return useLegacyQuery('finance-dashboard', () => getFinanceDashboard());
}
