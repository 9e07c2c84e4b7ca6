/**
 * The tables the auth module owns: only its repositories write them (test/module-ownership.test.ts). Others
 * read a user through its public queries.
 */
export const OWNED_TABLES = ['users', 'sessions', 'login_failures'] as const;
