import type { ClientList } from '@loupe/contracts';
import { useLegacyQuery, type QueryResult } from '@loupe/platform';
import { getClients } from '../../clients/api/get-clients';

/**
 * The clients whose record or balance changed last (a payment or a stock posting moves `updatedAt` too):
 * the service's smallest page, of which the Client Balances card shows the first few.
 */
export function useRecentlyActiveClients(): QueryResult<ClientList> {
  return useLegacyQuery('clients-recently-active', (signal) =>
    getClients({ ordering: '-updated_at', page_size: '10' }, signal),
  );
}
