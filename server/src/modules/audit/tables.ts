/** The tables the audit module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['audit_log', 'client_keys'] as const;

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 */
export const PUBLISHED_READS = [] as const;
