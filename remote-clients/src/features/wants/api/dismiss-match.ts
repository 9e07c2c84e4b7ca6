import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

/** `POST /api/wants/matches/{id}/dismiss/`: the match leaves the open lists (the client's and the dashboard's). */
export function useDismissMatch() {
  return useApiMutation(endpoints.wants.dismiss, {
    call: (id: number) => ({ params: { id } }),
    changes: ['wants'],
    invalidateOn: 'settled',
  });
}
