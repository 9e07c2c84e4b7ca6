/** The tables the stock module owns: only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['stock_takes', 'stock_take_lines'] as const;
