import { paths, type QuickSale } from '@loupe/contracts';
import { http } from '@loupe/platform';
import type { EntryValues } from '../lib/entry-values';
import { entryBody } from './entry-body';

/** `POST /api/quick-sales/` → the saved sale (a sale without a stock item). */
export function createQuickSale(values: EntryValues): Promise<QuickSale> {
  return http.post<QuickSale>(paths.quickSales, entryBody(values));
}
