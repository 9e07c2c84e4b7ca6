/**
 * The tables the stock-analytics module owns: only its repositories write them
 * (test/module-ownership.test.ts). brand_days is kept by migration 015's triggers.
 */
export const OWNED_TABLES = ['brand_days'] as const;
