/** The tables the purchases module owns (issue 22): only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = [
  'purchases',
  'purchase_lines',
  'purchase_payments',
  'purchase_register_checks',
] as const;

/**
 * The views over those tables that other modules may read (migrations/022_purchases.sql): the books' stock
 * book and exports read a purchase, its lines and its payments through these.
 */
export const PUBLISHED_READS = [
  'purchase_records',
  'purchase_line_records',
  'purchase_payment_records',
] as const;
