/** The tables the documents module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['shop_settings', 'shop_logos'] as const;
