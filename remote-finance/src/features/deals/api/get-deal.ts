import { endpoints } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { dealKeys, type Deal } from './get-deals';

/** `GET /api/deals/{id}/`: the deal with its lines, payments, totals and documents. */
export function getDeal(id: number, signal?: AbortSignal): Promise<Deal> {
  return api(endpoints.deals.detail, { params: { id }, signal });
}

export const dealQueryOptions = (id: number) =>
  queryOptions({ queryKey: dealKeys.detail(id), queryFn: ({ signal }) => getDeal(id, signal) });

/** `id` 0 (a URL whose id is not a number) asks nothing: the page says not found. */
export const useDeal = (id: number) => useQuery({ ...dealQueryOptions(id), enabled: id > 0 });
