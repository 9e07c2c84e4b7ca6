/** The tables the clients module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['clients', 'client_ledger', 'client_documents'] as const;

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 */
export const PUBLISHED_READS = ['client_directory', 'client_ledger_entries', 'client_record_dates'] as const;
