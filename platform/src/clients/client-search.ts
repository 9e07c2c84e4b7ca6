import { endpoints, type ResponseOf } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../http';
import { queryKeys } from '../query/resources';

export type ClientList = ResponseOf<typeof endpoints.clients.list>;
export type ClientOption = ClientList['results'][number];

/** Under the 'clients' root every remote agrees on, so a client added or renamed elsewhere refreshes it. */
export const clientKeys = queryKeys.clients;

/** The picker's question: only `search` and `page_size`, which every list of the API takes. */
export interface ClientSearch {
  search: string;
  page_size: 10;
}

/** `GET /api/clients/?search=…&page_size=10`: the first clients whose name, email or phone matches. */
export function searchClients(query: ClientSearch, signal?: AbortSignal): Promise<ClientList> {
  return api(endpoints.clients.list, { query, signal });
}

/** Clients matching `search`; nothing is asked while it is null (the picker has not been opened). */
export function useClientSearch(search: string | null) {
  const query: ClientSearch = { search: search ?? '', page_size: 10 };
  return useQuery({
    ...queryOptions({
      queryKey: clientKeys.list(query),
      queryFn: ({ signal }) => searchClients(query, signal),
    }),
    enabled: search !== null,
  });
}

/** `GET /api/clients/{id}/`: the client a filter names in the URL, to show its name. */
export function useClientName(id: number | null) {
  return useQuery({
    queryKey: clientKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api(endpoints.clients.detail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    select: (client) => client.name,
  });
}
