/**
 * The tables the inventory module owns: only its repositories write them (test/module-ownership.test.ts).
 * item_counts is kept by migration 005's triggers on items.
 */
export const OWNED_TABLES = [
  'items',
  'item_transactions',
  'item_images',
  'item_counts',
  'checkouts',
  'consignments',
] as const;
