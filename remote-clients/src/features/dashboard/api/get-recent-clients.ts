import { useClients, type ClientListQuery } from '../../../api/get-clients';

/** The service's smallest page, of which the Client Balances card shows the first few. */
const RECENTLY_ACTIVE: ClientListQuery = { page: 1, page_size: 10, ordering: '-updated_at' };

/**
 * The clients whose record or balance changed last (a payment or a stock posting moves `updatedAt` too). A
 * page of the clients list like any other, so whatever refreshes the lists refreshes this one.
 */
export function useRecentlyActiveClients() {
  return useClients(RECENTLY_ACTIVE);
}
