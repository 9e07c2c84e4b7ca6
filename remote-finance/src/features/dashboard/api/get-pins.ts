import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { dashboardKeys } from '../../../api/query-keys';

export type DashboardPinList = ResponseOf<typeof endpoints.pins.list>;

/** `GET /api/dashboard/pins/`: the user's pinned reports, oldest first, each with its totals as of now. */
export function getPins(signal?: AbortSignal): Promise<DashboardPinList> {
  return api(endpoints.pins.list, { signal });
}

/** Under `dashboard`: a pin's totals add up sales and expenses, so any change to them reaches it. */
export const pinsOptions = () =>
  queryOptions({ queryKey: dashboardKeys.pins, queryFn: ({ signal }) => getPins(signal) });

export const usePins = () => useQuery(pinsOptions());
