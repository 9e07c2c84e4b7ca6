import { endpoints, pathOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { dashboardKeys } from '../../../api/query-keys';

/** `DELETE /api/dashboard/pins/{id}/` → 204. */
export function deletePin(id: number): Promise<void> {
  return http.delete<void>(pathOf(endpoints.pins.delete, { id }));
}

/** Unpin: done once the pins have been asked again, so the card never shows the removed pin as still there. */
export function useDeletePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.pins }),
  });
}
