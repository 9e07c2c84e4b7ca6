import { paths, type DashboardPinList } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

/** `GET /api/dashboard/pins/`: the user's pinned reports, oldest first, each with its totals as of now. */
export function getPins(signal?: AbortSignal): Promise<DashboardPinList> {
  return http.get<DashboardPinList>(paths.dashboardPins, { signal });
}

export function usePins(): QueryResult<DashboardPinList> {
  return useLegacyQuery('dashboard-pins', (signal) => getPins(signal));
}
