import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { clientKeys } from './client-keys';

type Client = ResponseOf<typeof endpoints.clients.detail>;

/** One client by id (404 for an unknown id and for another shop's client alike). */
export function getClient(id: number, signal?: AbortSignal): Promise<Client> {
  return api(endpoints.clients.detail, { params: { id }, signal });
}

export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
  });

export function useClient(id: number) {
  return useQuery(clientQueryOptions(id));
}
