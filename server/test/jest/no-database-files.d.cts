// Types of no-database-files.cjs, for the TypeScript that reads it (test/helper.ts).
export declare const NO_DATABASE_FILES: readonly string[];
export declare const EMBEDDED_ONLY_FILES: readonly string[];
export declare const OPENED_EMBEDDED_DATABASE: unique symbol;
export declare const OPENED_RUN_DATABASE: unique symbol;
