/**
 * The tables the compliance module owns: only its repositories write them (test/module-ownership.test.ts).
 */
export const OWNED_TABLES = [
  // Internal suspicious activity reports (issue 25 item 1, migration 030): suspicion-repository.ts.
  'suspicion_reports',
  // Sanctions screening (issue 25 item 2, migration 028): sanctions-repository.ts.
  'sanctions_imports',
  'sanctions_designations',
  'sanctions_screenings',
  'aml_events',
  // Retention and erasure (issue 25 item 3, migration 029): retention-repository.ts, erasure-repository.ts.
  'client_legal_holds',
  'client_erasures',
  'erasure_requests',
  // Risk ratings, enhanced due diligence, the EDD threshold, the firm-wide risk assessment (issue 25, migration 031).
  'client_risk_ratings',
  'client_edd_documents',
  'shop_risk_settings',
  'risk_assessments',
] as const;

/**
 * The views over those tables that other modules may read (migrations/017_published_reads.sql): a module reads
 * another module's data only through these, never through its tables (test/module-ownership.test.ts).
 */
export const PUBLISHED_READS = [] as const;
