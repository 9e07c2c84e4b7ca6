/**
 * The tables the finance module owns: only its repositories write them (test/module-ownership.test.ts).
 * finance_days is kept by migration 006's triggers on sales and expenses.
 */
export const OWNED_TABLES = ['expenses', 'dashboard_pins', 'finance_days'] as const;
