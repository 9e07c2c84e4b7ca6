/**
 * The books module (issue 22: the stock book, the VAT figures, the accounting exports) owns no table: it reads
 * other modules' data only through the views they publish (test/module-ownership.test.ts).
 */
export const OWNED_TABLES = [] as const;

/** It publishes nothing either. */
export const PUBLISHED_READS = [] as const;
