import { endpoints, type WantMatchList } from '@loupe/contracts';
import { api, useQuery } from '@loupe/platform';
import { wantKeys } from './want-keys';

/** `GET /api/clients/{id}/want-matches/?status=open`: the client's matches still to act on, newest first. */
export function getClientMatches(clientId: number, signal?: AbortSignal): Promise<WantMatchList> {
  return api(endpoints.wants.clientMatches, {
    params: { id: clientId },
    query: { status: 'open', page_size: 100 },
    signal,
  });
}

export function useClientMatches(clientId: number) {
  return useQuery({
    queryKey: wantKeys.clientMatches(clientId),
    queryFn: ({ signal }) => getClientMatches(clientId, signal),
  });
}
