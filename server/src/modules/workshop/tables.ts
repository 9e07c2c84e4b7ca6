/** The tables the workshop module owns (issue 23): only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = [
  'jobs',
  'job_stage_events',
  'job_estimate_lines',
  'job_photos',
  // The client's approval links (migration 034, approval-repository.ts).
  'workshop_approval_tokens',
  // The money (migration 036, money-repository.ts): a job's sales deal, repair costs, uncollected notices.
  'workshop_job_deals',
  'workshop_repair_costs',
  'workshop_uncollected_notices',
] as const;

/**
 * The views over those tables that other modules may read (migrations/032_workshop.sql): a job with its client,
 * supplier and estimate totals, its estimate lines, its stage moves.
 */
export const PUBLISHED_READS = [
  'workshop_jobs',
  'workshop_job_lines',
  'workshop_job_events',
  // Each stock item's repair costs (migration 036), for the margin reports.
  'item_repair_costs',
] as const;
