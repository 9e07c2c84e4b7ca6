import { paths, type Client } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

export function getClient(id: number | string, signal?: AbortSignal): Promise<Client> {
  return http.get<Client>(paths.client(id), { signal });
}

/** One client by id (404 for an unknown id and for another shop's client alike). */
export function useClient(id: number | string): QueryResult<Client> {
  return useLegacyQuery(`client:${id}`, (signal) => getClient(id, signal));
}
