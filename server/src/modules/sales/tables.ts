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

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 */
export const PUBLISHED_READS = [
  'sale_records',
  'invoice_records',
  'deal_records',
  'deal_payment_records',
  // Issue 22 (migrations/023_books.sql): each sale's VAT figures as fixed at the sale, for the books module.
  'sale_vat_records',
  // Issue 22 (migrations/026_part_exchange_records.sql): the purchase side of each part-exchanged piece.
  'part_exchange_records',
] as const;
