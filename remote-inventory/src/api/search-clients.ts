import { endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { http, queryOptions, useQuery } from '@loupe/platform';
import { clientKeys } from './get-client';

export type ClientList = ResponseOf<typeof endpoints.clients.list>;
export type ClientOption = ClientList['results'][number];

/** The pickers' question: only `search` and `page_size`, which every list of the API takes. */
export interface ClientSearch {
  search: string;
  page_size: 10;
}

/**
 * The first page of clients whose name, email or phone matches `search` (the first clients when empty), in
 * the list's own order.
 */
export function searchClients(query: ClientSearch, signal?: AbortSignal): Promise<ClientList> {
  return http.get<ClientList>(pathOf(endpoints.clients.list), { query: { ...query }, signal });
}

export const clientSearchQueryOptions = (search: string) => {
  const query: ClientSearch = { search, page_size: 10 };
  return queryOptions({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) => searchClients(query, signal),
  });
};

/** Clients matching `search`; nothing is asked while it is null (the picker has not been opened). */
export function useClientSearch(search: string | null) {
  return useQuery({ ...clientSearchQueryOptions(search ?? ''), enabled: search !== null });
}
