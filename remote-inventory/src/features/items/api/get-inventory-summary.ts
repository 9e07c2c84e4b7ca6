import { paths, type InventorySummary } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

let inFlight: Promise<InventorySummary> | null = null;

/**
 * `GET /api/items/summary/`. Four dashboard widgets read it at once; they share one request while it is
 * in flight (and each mount after that asks afresh, so the dashboard never shows stale figures).
 */
export function getInventorySummary(): Promise<InventorySummary> {
  if (!inFlight) {
    inFlight = http.get<InventorySummary>(paths.itemsSummary).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

export function useInventorySummary(): QueryResult<InventorySummary> {
  return useLegacyQuery('inventory-summary', () => getInventorySummary());
}
