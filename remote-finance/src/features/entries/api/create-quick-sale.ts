import { endpoints, type QuickSaleCreate, type ResponseOf } from '@loupe/contracts';
import { api, useApiMutation } from '@loupe/platform';
import { QUICK_SALE_CHANGES } from '../../../api/query-keys';
import type { EntryValues } from '../lib/entry-values';
import { entryBody } from './entry-body';

export type QuickSale = ResponseOf<typeof endpoints.quickSales.create>;

/** The buyer the invoice names (issue 13): a client by id, or a walk-in's name; nothing when not named. */
export function buyerBody(values: EntryValues): Pick<QuickSaleCreate, 'clientId' | 'buyerName'> {
  if (values.buyerKind === 'client' && values.client) return { clientId: values.client.id };
  if (values.buyerKind === 'walk_in') return { buyerName: values.buyerName.trim() };
  return {};
}

/** `POST /api/quick-sales/` → the saved sale (a sale without a stock item) with its invoice. */
export function createQuickSale(values: EntryValues): Promise<QuickSale> {
  return api(endpoints.quickSales.create, { body: { ...entryBody(values), ...buyerBody(values) } });
}

/** Save Quick Sale: revenue, the sales reports, the dashboard's figures and the invoices list all count it. */
export function useCreateQuickSale() {
  return useApiMutation(endpoints.quickSales.create, { send: createQuickSale, changes: QUICK_SALE_CHANGES });
}
