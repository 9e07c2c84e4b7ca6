import { endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { http, queryOptions, useQuery } from '@loupe/platform';
import { clientKeys } from './client-keys';

type LedgerList = ResponseOf<typeof endpoints.clients.ledger>;

/** The client's latest ledger entries, newest first, and how many there are in all. */
export function getLedger(clientId: number, pageSize: number, signal?: AbortSignal): Promise<LedgerList> {
  return http.get<LedgerList>(pathOf(endpoints.clients.ledger, { id: clientId }), {
    query: { page_size: pageSize },
    signal,
  });
}

export const ledgerQueryOptions = (clientId: number, pageSize: number) =>
  queryOptions({
    queryKey: clientKeys.ledger(clientId, pageSize),
    queryFn: ({ signal }) => getLedger(clientId, pageSize, signal),
  });

export function useRecentLedger(clientId: number, pageSize: number) {
  return useQuery(ledgerQueryOptions(clientId, pageSize));
}
