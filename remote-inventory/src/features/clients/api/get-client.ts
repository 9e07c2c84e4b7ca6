import { paths } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';
import type { ClientOption } from './search-clients';

export function getClient(id: number | string, signal?: AbortSignal): Promise<ClientOption> {
  return http.get<ClientOption>(paths.client(id), { signal });
}

/** One client by id (the clients list hands over ids in the URL); no request without an id. */
export function useClient(id: string | null): QueryResult<ClientOption | null> {
  return useLegacyQuery(`client:${id ?? ''}`, (signal) =>
    id ? getClient(id, signal) : Promise.resolve(null),
  );
}
