import type { Config } from '../config';
import { createPgliteDb, createPostgresDb, type Db } from './database';
import { acquireDataDirLock } from './lock';
import { migrate } from './migrate';
import { seedDemo, type DemoSeed } from '../demo/seed';

export interface LoupeDb extends Db {
  /** What was seeded at this start, or null (demo off, or the database already had a shop). */
  readonly seeded: DemoSeed | null;
}

export interface OpenOptions {
  now?: () => Date;
}

/**
 * Opens the database the configuration names — PGlite in DATA_DIR unless DATABASE_URL is set — brings its
 * schema up to date and seeds the demo shop when enabled and the database has no shop yet.
 */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'demo'> & Partial<Pick<Config, 'uploadsDir'>>,
  options: OpenOptions = {},
): Promise<LoupeDb> {
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb(config.databaseUrl);
  } else {
    const release = acquireDataDirLock(config.dataDir);
    try {
      db = createPgliteDb(config.dataDir, release);
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    await migrate(db);
    const seeded = config.demo
      ? await seedDemo(db, (options.now ?? (() => new Date()))(), { uploadsDir: config.uploadsDir })
      : null;
    return Object.assign(db, { seeded });
  } catch (error) {
    await db.close();
    throw error;
  }
}
