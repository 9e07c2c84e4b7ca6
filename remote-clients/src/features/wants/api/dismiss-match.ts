import { endpoints, type WantMatch } from '@loupe/contracts';
import { historyKey, useApiMutation } from '@loupe/platform';

/**
 * `POST /api/wants/matches/{id}/dismiss/`: the match leaves the open lists (the client's and the dashboard's,
 * under `wants`); the service records it on the client's and the item's History.
 */
export function useDismissMatch() {
  return useApiMutation(endpoints.wants.dismiss, {
    call: (match: WantMatch) => ({ params: { id: match.id } }),
    changes: (match) => ['wants', historyKey('clients', match.clientId), historyKey('items', match.itemId)],
    // A match dismissed meanwhile (409) is not open either: the lists are asked again either way.
    invalidateOn: 'settled',
  });
}
