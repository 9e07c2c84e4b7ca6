import { endpoints, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { api, useApiMutation } from '@loupe/platform';
import { dashboardKeys } from '../../../api/query-keys';
import type { ReportQuery } from './get-report';

export type DashboardPin = ResponseOf<typeof endpoints.pins.create>;

/**
 * `POST /api/dashboard/pins/` ("Add to Dash"): 201 with the new pin, or 200 with the one the user already
 * had for the same report.
 */
export function createPin(query: ReportQuery): Promise<DashboardPin> {
  const body: BodyOf<typeof endpoints.pins.create> = {
    type: query.type ?? '',
    range: query.range ?? '',
    ...(query.range === 'custom' ? { from: query.from ?? null, to: query.to ?? null } : {}),
  };
  return api(endpoints.pins.create, { body });
}

/** Add to Dash: the dashboard's Pinned Reports card shows the new pin next time it is seen, without a reload. */
export function useCreatePin() {
  return useApiMutation(endpoints.pins.create, { send: createPin, changes: [dashboardKeys.pins] });
}
