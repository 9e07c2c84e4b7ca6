/** The tables the documents module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['shop_settings', 'shop_logos'] as const;

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 * shop_letterhead (migrations/047_shop_letterhead.sql) is the shop as every paper, page and e-mail names it.
 */
export const PUBLISHED_READS = [
  'shop_document_settings',
  'shop_logo_index',
  'shop_workshop_settings',
  'shop_letterhead',
] as const;
