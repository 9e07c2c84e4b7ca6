import { endpoints, type WantInput, type WantSaved } from '@loupe/contracts';
import { api, historyKey, useApiMutation } from '@loupe/platform';

/**
 * `POST /api/clients/{id}/wants/` (no id) or `PUT /api/wants/{id}/`: the want as typed; the service searches
 * the available stock at once, so the client's matches and the dashboard's card change too (all under `wants`).
 * The client's History records it (under `clients`).
 */
export function useSaveWant(clientId: number) {
  return useApiMutation(endpoints.wants.create, {
    send: ({ id, body }: { id?: number; body: WantInput }): Promise<WantSaved> =>
      id === undefined
        ? api(endpoints.wants.create, { params: { id: clientId }, body })
        : api(endpoints.wants.update, { params: { id }, body }),
    changes: ['wants', historyKey('clients', clientId)],
  });
}
