import { endpoints, type WantList } from '@loupe/contracts';
import { api, useQuery } from '@loupe/platform';
import { wantKeys } from './want-keys';

/** A client's wanted list is short: one page of the largest size holds it. */
const WANTS_PAGE_SIZE = 100;

/** `GET /api/clients/{id}/wants/`: the client's wants, newest first. */
export function getClientWants(clientId: number, signal?: AbortSignal): Promise<WantList> {
  return api(endpoints.wants.clientWants, {
    params: { id: clientId },
    query: { page_size: WANTS_PAGE_SIZE },
    signal,
  });
}

export function useClientWants(clientId: number) {
  return useQuery({
    queryKey: wantKeys.client(clientId),
    queryFn: ({ signal }) => getClientWants(clientId, signal),
  });
}
