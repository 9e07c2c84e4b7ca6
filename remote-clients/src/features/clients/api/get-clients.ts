import { paths, type ClientList } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

/** `GET /api/clients/` with the list's query (page, page_size, search, status, balance, ordering). */
export function getClients(query: Record<string, string>, signal?: AbortSignal): Promise<ClientList> {
  return http.get<ClientList>(paths.clients, { query, signal });
}

/** One page of clients; asks again whenever the query changes. */
export function useClients(query: Record<string, string>): QueryResult<ClientList> {
  const key = new URLSearchParams(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))).toString();
  return useLegacyQuery(`clients?${key}`, (signal) => getClients(query, signal));
}
