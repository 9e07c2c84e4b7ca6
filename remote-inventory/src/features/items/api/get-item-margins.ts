import { endpoints, type ItemMargins } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { itemKeys } from './get-items';

/**
 * `GET /api/workshop/items/{id}/margins/` (viewCosts): the item's purchase price, its workshop repair costs and,
 * once sold, the shop's margin beside the margin scheme's. Kept under the item's own key, so a sale or a void on
 * the item page (which refresh 'items') asks again for the margins it changes.
 */
export const itemMarginsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...itemKeys.detail(id), 'workshop-margins'] as const,
    queryFn: ({ signal }): Promise<ItemMargins> =>
      api(endpoints.workshopMoney.itemMargins, { params: { id }, signal }),
  });

/** Asked only when `enabled` (a member who may see costs: the service answers 403 to the others). */
export const useItemMargins = (id: number, enabled: boolean) =>
  useQuery({ ...itemMarginsQueryOptions(id), enabled });
