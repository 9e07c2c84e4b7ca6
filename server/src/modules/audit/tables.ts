/** The tables the audit module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['audit_log'] as const;
