import { endpoints, type ItemRow } from '@loupe/contracts';
import { api, HttpError } from '@loupe/platform';

/**
 * The item of the shop with exactly this serial, or null (404): the lookup the top bar's search box and its
 * scanner use, so a keyboard-wedge scanner or a label's QR code adds the item the same way.
 */
export async function itemBySerial(serial: string, signal?: AbortSignal): Promise<ItemRow | null> {
  try {
    return await api(endpoints.items.bySerial, { query: { serial }, signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Items that can go on a deal whose serial starts with the text: the first page, for the staff to pick from. */
export async function searchItems(search: string, signal?: AbortSignal): Promise<ItemRow[]> {
  const list = await api(endpoints.items.list, {
    query: { search, status: 'available,checked_out', page: 1, page_size: 10 },
    signal,
  });
  return list.results;
}

/** `GET /api/items/{id}/`: the item the Sell dialog sent to the Deal screen (`?item=<id>`). */
export function getItem(id: number, signal?: AbortSignal): Promise<ItemRow> {
  return api(endpoints.items.detail, { params: { id }, signal });
}
