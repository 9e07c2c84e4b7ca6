import { queryKeys, type Change } from '@loupe/platform';

/*
 * The cache keys this remote reads, under the platform's resources (derived from the endpoint map), so a Sell
 * in the stock screens reaches the finance widgets and an expense saved here reaches theirs. Kept out of the
 * features because an endpoint of one feature changes what another reads (Add to Dash → the pins).
 */
export const expenseKeys = queryKeys.expenses;
export const quickSaleKeys = queryKeys['quick-sales'];
/** Invoices and credit notes (issue 13): a quick sale issues one, its void a credit note. */
export const invoiceKeys = queryKeys.invoices;

export const reportKeys = {
  all: queryKeys.reports.all,
  /** One report: its type, range and (custom only) days, as the service is asked. */
  report: (params: Readonly<Record<string, string>>) => [...queryKeys.reports.all, 'report', params] as const,
};

export const dashboardKeys = {
  all: queryKeys.dashboard.all,
  /** Revenue, sales, purchases, profit and the recent sales: figures that add up sales, stock and expenses. */
  finance: [...queryKeys.dashboard.all, 'finance'] as const,
  pins: [...queryKeys.dashboard.all, 'pins'] as const,
};

/**
 * What an expense or a quick sale changes: the entry lists, every report (any of them may cover the entry's
 * day) and the dashboard (revenue, profit, the pinned reports' totals).
 */
export const ENTRY_CHANGES = [
  'expenses',
  'quick-sales',
  'reports',
  'dashboard',
] as const satisfies readonly Change[];

/** A quick sale or its void: what any entry changes, plus the invoices (a new invoice or credit note). */
export const QUICK_SALE_CHANGES = [...ENTRY_CHANGES, 'invoices'] as const satisfies readonly Change[];
