import { paths, type LedgerList } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

export function getLedger(clientId: number, pageSize: number, signal?: AbortSignal): Promise<LedgerList> {
  return http.get<LedgerList>(paths.clientLedger(clientId), { query: { page_size: pageSize }, signal });
}

/** The client's latest ledger entries (newest first) and how many there are in all. */
export function useRecentLedger(clientId: number, pageSize: number): QueryResult<LedgerList> {
  return useLegacyQuery(`ledger:${clientId}:${pageSize}`, (signal) => getLedger(clientId, pageSize, signal));
}
