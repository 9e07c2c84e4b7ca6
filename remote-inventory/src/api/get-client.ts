import { endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { http, queryOptions, resourceKeys, useQuery } from '@loupe/platform';

export type Client = ResponseOf<typeof endpoints.clients.detail>;

/** The clients resource's keys, spelled as remote-clients spells them: both remotes read one cache. */
export const clientKeys = resourceKeys('clients');

/** `GET /api/clients/{id}/`: the client a stock screen was handed in its URL. */
export function getClient(id: number, signal?: AbortSignal): Promise<Client> {
  return http.get<Client>(pathOf(endpoints.clients.detail, { id }), { signal });
}

export const clientQueryOptions = (id: number) =>
  queryOptions({ queryKey: clientKeys.detail(id), queryFn: ({ signal }) => getClient(id, signal) });

/** One client by id; no request without an id. */
export function useClient(id: number | null) {
  return useQuery({ ...clientQueryOptions(id ?? 0), enabled: id !== null });
}
