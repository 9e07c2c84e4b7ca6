import { paths, type DashboardPin, type ReportQuery } from '@loupe/contracts';
import { http } from '@loupe/platform';

/**
 * `POST /api/dashboard/pins/` ("Add to Dash"): 201 with the new pin, or 200 with the one the user already
 * had for the same report.
 */
export function createPin(query: ReportQuery): Promise<DashboardPin> {
  return http.post<DashboardPin>(paths.dashboardPins, {
    type: query.type,
    range: query.range,
    ...(query.range === 'custom' ? { from: query.from ?? null, to: query.to ?? null } : {}),
  });
}
