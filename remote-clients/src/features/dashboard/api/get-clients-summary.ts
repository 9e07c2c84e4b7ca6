import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { clientKeys } from '../../../api/client-keys';

type ClientSummary = ResponseOf<typeof endpoints.clients.summary>;

/** `GET /api/clients/summary/`: the counts and balances behind the four client cards. */
export function getClientsSummary(signal?: AbortSignal): Promise<ClientSummary> {
  return api(endpoints.clients.summary, { signal });
}

/**
 * Keyed under `clients`, not `dashboard`: the figures are client figures, so a payment, a new client or a
 * sale to a client (anything that invalidates clients) refreshes them. The four cards share one request.
 */
export const clientsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: clientKeys.summary(),
    queryFn: ({ signal }) => getClientsSummary(signal),
  });

export function useClientsSummary() {
  return useQuery(clientsSummaryQueryOptions());
}
