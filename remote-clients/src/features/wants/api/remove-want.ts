import { endpoints } from '@loupe/contracts';
import { historyKey, useApiMutation } from '@loupe/platform';

/** `DELETE /api/wants/{id}/`: the want and its matches go (the client's list, its matches, the dashboard's card). */
export function useRemoveWant(clientId: number) {
  return useApiMutation(endpoints.wants.remove, {
    call: (id: number) => ({ params: { id } }),
    changes: ['wants', historyKey('clients', clientId)],
    // A want already removed (a 404) is gone all the same: the list is asked again either way.
    invalidateOn: 'settled',
  });
}
