import { STOCK_FOLLOWERS } from '@loupe/contracts';
import type { Change } from '@loupe/platform';

/**
 * What a deal changes, by resource (the platform's, derived from the endpoint map), so the other remotes'
 * screens follow without knowing about deals: the deals themselves; the stock (items sold or reserved, a
 * part-exchange entered as a new item); the client's ledger and balances; the invoices and credit notes; the
 * sales figures of the dashboard and the reports; the AML guard's report (a deal's cash, in and out); the
 * marketplace (issue 24: an item sold or reserved leaves the feeds, and a sale of a watch that was in the
 * Chrono24 feed, not made through Chrono24, is a report due in 7 days) and the wanted-list matches (a match whose
 * item is sold or reserved lapses): contracts' STOCK_FOLLOWERS, which remote-inventory's Sell uses too.
 */
export const DEAL_CHANGES = [
  'deals',
  'items',
  'clients',
  'invoices',
  'dashboard',
  'reports',
  'compliance',
  ...STOCK_FOLLOWERS,
] as const satisfies readonly Change[];
