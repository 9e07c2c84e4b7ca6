/**
 * The tables the sales module owns (issue 20): only its repositories write them (test/module-ownership.test.ts).
 * A deal, its lines and payments; the sale rows the reports sum; invoices, credit notes and their numbers.
 */
export const OWNED_TABLES = [
  'sales',
  'invoices',
  'document_counters',
  'deals',
  'deal_lines',
  'deal_payments',
] as const;
