import type { Change } from '@loupe/platform';

/**
 * What a buy-in changes, by resource, so the other remotes' screens follow without knowing about purchases:
 * the purchases; the stock (its items, with their stock numbers); the seller's client record; the dashboard and
 * reports (purchases, stock value); the AML guard's report (cash paid out); the books (the stock book).
 */
export const PURCHASE_CHANGES = [
  'purchases',
  'items',
  'clients',
  'dashboard',
  'reports',
  'compliance',
  'books',
] as const satisfies readonly Change[];
