import { endpoints, LABELS_MAX_ITEMS, type ItemRow } from '@loupe/contracts';
import { api, queryKeys, useQuery } from '@loupe/platform';
import { getItem } from './get-item';
import { getItems } from './get-items';
import type { LabelRequest } from '../lib/label-request';

/** What a label prints of an item. */
export type LabelItem = Pick<ItemRow, 'id' | 'stockNumber' | 'serial' | 'brand' | 'model' | 'retailPrice'>;

export interface LabelItems {
  items: LabelItem[];
  /** How many items the filters match (more than the labels when over LABELS_MAX_ITEMS). */
  total: number;
}

/** The list's largest page: the filtered list comes in pages of this many. */
const PAGE = 100;

/** The items of the labels: the selection one by one (a page of a list at most), or the filtered list. */
export async function getLabelItems(request: LabelRequest, signal?: AbortSignal): Promise<LabelItems> {
  if (request.ids) {
    const items = await Promise.all(request.ids.map((id) => getItem(id, signal)));
    return { items, total: items.length };
  }
  const items: LabelItem[] = [];
  let total = 0;
  for (let page = 1; items.length < LABELS_MAX_ITEMS; page += 1) {
    const answer = await getItems(
      { ...request.filters, page, page_size: PAGE, ordering: '-created_at' },
      signal,
    );
    total = answer.count;
    items.push(...answer.results);
    if (answer.results.length < PAGE || items.length >= total) break;
  }
  return { items: items.slice(0, LABELS_MAX_ITEMS), total };
}

export function useLabelItems(request: LabelRequest) {
  return useQuery({
    queryKey: [...queryKeys.items.all, 'labels', request.ids, request.filters],
    queryFn: ({ signal }) => getLabelItems(request, signal),
  });
}

/**
 * The shop's settings, for the label price mode and price code key. The key is the platform's, which the admin
 * screen reads too (remote-admin's shopSettingsKeys.settings), so a change saved there shows here without a
 * reload.
 */
export function useLabelSettings() {
  return useQuery({
    queryKey: queryKeys['shop-settings'].details(),
    queryFn: ({ signal }) => api(endpoints.settings.get, { signal }),
  });
}
