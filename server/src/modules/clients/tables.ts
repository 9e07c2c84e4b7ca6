/** The tables the clients module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['clients', 'client_ledger', 'client_documents'] as const;
