import { endpoints, missingAddressParts, postalAddressLines } from '@loupe/contracts';
import { api, queryKeys, useQuery } from '@loupe/platform';

export interface SellerRecord {
  /** The seller's postal address as the purchase invoice prints it, one line each; [] while unknown. */
  addressLines: string[];
  /** The client has a whole postal address (line 1, town, and a postcode in the UK); null while loading. */
  hasAddress: boolean | null;
}

/**
 * `GET /api/clients/{id}/`: the chosen seller's record, under the clients' detail key (the pickers read the same
 * one), so an address added on the client's page in another tab shows here when this tab is back in focus.
 */
export function useSeller(id: number | null): SellerRecord {
  const client = useQuery({
    queryKey: queryKeys.clients.detail(id ?? 0),
    queryFn: ({ signal }) => api(endpoints.clients.detail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
  if (!client.data) return { addressLines: [], hasAddress: null };
  return {
    addressLines: postalAddressLines(client.data),
    hasAddress: missingAddressParts(client.data).length === 0,
  };
}
