import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery, type PageSize } from '@loupe/platform';
import { clientKeys } from './client-keys';

type LedgerList = ResponseOf<typeof endpoints.clients.ledger>;

/** The client's latest ledger entries, newest first, and how many there are in all. */
export function getLedger(clientId: number, pageSize: PageSize, signal?: AbortSignal): Promise<LedgerList> {
  return api(endpoints.clients.ledger, { params: { id: clientId }, query: { page_size: pageSize }, signal });
}

export const ledgerQueryOptions = (clientId: number, pageSize: PageSize) =>
  queryOptions({
    queryKey: clientKeys.ledger(clientId, pageSize),
    queryFn: ({ signal }) => getLedger(clientId, pageSize, signal),
  });

export function useRecentLedger(clientId: number, pageSize: PageSize) {
  return useQuery(ledgerQueryOptions(clientId, pageSize));
}
