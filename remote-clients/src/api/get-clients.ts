import { endpoints, type ClientOrdering, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery, type ListQuery } from '@loupe/platform';
import { clientKeys } from './client-keys';

/** What the clients list is filtered by in its URL, under the API's own parameter names. */
export const CLIENT_FILTERS = ['search', 'status', 'balance'] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

export type ClientListQuery = ListQuery<ClientFilter, ClientOrdering>;
type ClientList = ResponseOf<typeof endpoints.clients.list>;

/** `GET /api/clients/`: one page of clients, searched, filtered and sorted by the service. */
export function getClients(query: ClientListQuery, signal?: AbortSignal): Promise<ClientList> {
  return api(endpoints.clients.list, { query, signal });
}

export const clientsQueryOptions = (query: ClientListQuery) =>
  queryOptions({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) => getClients(query, signal),
  });

export function useClients(query: ClientListQuery) {
  return useQuery(clientsQueryOptions(query));
}
