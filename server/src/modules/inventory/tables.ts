/**
 * The tables the inventory module owns: only its repositories write them (test/module-ownership.test.ts).
 * item_counts is kept by migration 005's triggers on items (per type, status and block of ids since 044), and
 * item_brand_counts (per brand, type and status) and item_price_counts (per £100 of price, type and status) by the
 * same triggers since 045.
 */
export const OWNED_TABLES = [
  'items',
  'item_transactions',
  'item_images',
  'item_counts',
  'item_brand_counts',
  'item_price_counts',
  'checkouts',
  'consignments',
  // Each shop's last stock number (migration 021): taken by the trigger on items, in the creating transaction.
  'stock_number_counters',
] as const;

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 */
export const PUBLISHED_READS = [
  'stock_items',
  'stock_checkouts',
  'stock_consignments',
  // An item's photos in display order (migration 038), for the storefront.
  'stock_item_images',
] as const;
