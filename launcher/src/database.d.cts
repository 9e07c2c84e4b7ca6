// Types of database.cjs for the TypeScript tests.
import type { Config, LoupeDb } from '@loupe/server';

export declare function openServedDatabase(
  server: {
    openDatabase: (config: Config) => Promise<LoupeDb>;
    refuseDemoPasswordsInProduction: (db: LoupeDb, config: Config) => Promise<void>;
  },
  config: Config,
): Promise<LoupeDb>;
