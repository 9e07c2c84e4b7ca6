/**
 * The tables the compliance module owns: only its repositories write them (test/module-ownership.test.ts).
 */
export const OWNED_TABLES = ['aml_events'] as const;
