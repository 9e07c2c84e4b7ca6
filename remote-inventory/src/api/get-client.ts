import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

export type Client = ResponseOf<typeof endpoints.clients.detail>;

/** The clients resource's keys, the platform's, as remote-clients reads them: both remotes read one cache. */
export const clientKeys = queryKeys.clients;

/** `GET /api/clients/{id}/`: the client a stock screen was handed in its URL. */
export function getClient(id: number, signal?: AbortSignal): Promise<Client> {
  return api(endpoints.clients.detail, { params: { id }, signal });
}

export const clientQueryOptions = (id: number) =>
  queryOptions({ queryKey: clientKeys.detail(id), queryFn: ({ signal }) => getClient(id, signal) });

/** One client by id; no request without an id. */
export function useClient(id: number | null) {
  return useQuery({ ...clientQueryOptions(id ?? 0), enabled: id !== null });
}
