/**
 * The tables the stock-analytics module owns: only its repositories write them
 * (test/module-ownership.test.ts). brand_days is kept by migration 015's triggers.
 */
export const OWNED_TABLES = ['brand_days'] as const;

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 */
export const PUBLISHED_READS = [] as const;
