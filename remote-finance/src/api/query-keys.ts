import { resourceKeys, type QueryClient } from '@loupe/platform';

/*
 * The cache keys this remote reads and writes, by the roots every remote agrees on (query-client.ts), so a
 * Sell in the stock screens reaches the finance widgets and an expense saved here reaches theirs. Kept out of
 * the features because an endpoint of one feature invalidates what another reads (Add to Dash → the pins).
 */
export const expenseKeys = resourceKeys('expenses');
export const quickSaleKeys = resourceKeys('quick-sales');
/** Invoices and credit notes (issue 13): a quick sale issues one, its void a credit note. */
export const invoiceKeys = resourceKeys('invoices');

export const reportKeys = {
  all: ['reports'] as const,
  /** One report: its type, range and (custom only) days, as the service is asked. */
  report: (params: Readonly<Record<string, string>>) => ['reports', 'report', params] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** Revenue, sales, purchases, profit and the recent sales: figures that add up sales, stock and expenses. */
  finance: ['dashboard', 'finance'] as const,
  pins: ['dashboard', 'pins'] as const,
};

/**
 * After an expense or a quick sale: the entry lists, every report (any of them may cover the entry's day) and
 * the dashboard (revenue, profit, the pinned reports' totals).
 */
export function invalidateAfterEntry(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [expenseKeys.all, quickSaleKeys.all, reportKeys.all, dashboardKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** After a quick sale or its void: what any entry changes, plus the invoices list (a new invoice or credit note). */
export function invalidateAfterQuickSale(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    invalidateAfterEntry(queryClient),
    queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  ]).then(() => undefined);
}
