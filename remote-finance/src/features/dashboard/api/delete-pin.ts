import { paths } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** `DELETE /api/dashboard/pins/{id}/` → 204. */
export function deletePin(id: number): Promise<void> {
  return http.delete<void>(paths.dashboardPin(id));
}
