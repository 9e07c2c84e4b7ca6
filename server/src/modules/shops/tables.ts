/** The tables the shops module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['shops', 'memberships'] as const;
