import { endpoints } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { purchaseKeys, type Purchase } from './get-purchases';

/** `GET /api/purchases/{id}/`: the buy-in with its seller, lines (stock numbers, checks), payments out. */
export function getPurchase(id: number, signal?: AbortSignal): Promise<Purchase> {
  return api(endpoints.purchases.detail, { params: { id }, signal });
}

export const purchaseQueryOptions = (id: number) =>
  queryOptions({ queryKey: purchaseKeys.detail(id), queryFn: ({ signal }) => getPurchase(id, signal) });

export const usePurchase = (id: number) => useQuery({ ...purchaseQueryOptions(id), enabled: id > 0 });
