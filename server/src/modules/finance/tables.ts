/**
 * The tables the finance module owns: only its repositories write them (test/module-ownership.test.ts).
 * finance_days is kept by migration 006's triggers on sales and expenses.
 */
export const OWNED_TABLES = ['expenses', 'dashboard_pins', 'finance_days'] as const;

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 */
export const PUBLISHED_READS = [] as const;
