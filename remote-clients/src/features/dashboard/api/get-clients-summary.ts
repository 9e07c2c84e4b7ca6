import { paths, type ClientSummary } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

let inFlight: Promise<ClientSummary> | null = null;

/**
 * `GET /api/clients/summary/`. The four client widgets read it when a dashboard view mounts; they share the
 * one request while it is in flight, and a later view asks afresh, so the figures are never older than the
 * view that shows them.
 */
export function getClientsSummary(): Promise<ClientSummary> {
  if (!inFlight) {
    inFlight = http.get<ClientSummary>(paths.clientsSummary).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

export function useClientsSummary(): QueryResult<ClientSummary> {
  return useLegacyQuery('clients-summary', () => getClientsSummary());
}
