import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, isNotFound } from '@loupe/platform';

export type StockItem = ResponseOf<typeof endpoints.items.bySerial>;

/** `GET /api/items/by-serial/`: the shop's stock item with exactly this serial, or null (404). */
export async function findStockItem(serial: string): Promise<StockItem | null> {
  try {
    return await api(endpoints.items.bySerial, { query: { serial } });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
