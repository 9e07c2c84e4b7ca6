import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, statfsSync } from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '@jest/types';
import { Client } from 'pg';
import { createPgliteDb } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { DEMO_TEMPLATE_AT, publishDemoTemplate, runOpensDemo } from '../support/demo-template';
import { SCRATCH_PREFIX, claimScratch, sweepAbandonedScratch } from './scratch';

/** Free space a run's scratch folders need at most: two files' databases and uploads, the template, backups. */
const SCRATCH_NEEDED = 2 * 1024 ** 3;

/**
 * The run's temporary folders (each file's database folder, uploads, backups) go to memory when the machine has
 * room there (/dev/shm, a tmpfs): on a disk mounted with `discard`, deleting a file's ~40 MB database folder
 * took 3–5 s once written back, and copying the template ~1 s; on tmpfs ~0.03 s and ~0.15 s. Only where the
 * scratch files live changes. An explicit TMPDIR is kept as it is.
 */
function scratchInMemory(): void {
  if (process.env.TMPDIR || process.platform !== 'linux' || !existsSync('/dev/shm')) return;
  try {
    // Before measuring the room: what killed runs left there is memory this run can have back.
    const removed = sweepAbandonedScratch('/dev/shm');
    if (removed.length > 0) {
      console.log(`removed ${removed.length} scratch folder(s) of test runs that ended without teardown`);
    }
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize < SCRATCH_NEEDED) return;
    const dir = mkdtempSync(path.join('/dev/shm', SCRATCH_PREFIX));
    claimScratch(dir);
    // Read by the test workers (os.tmpdir()), which jest starts after this hook with its environment; the
    // teardown removes the folder, with whatever a crashed file left behind.
    process.env.TMPDIR = dir;
    process.env.LOUPE_TEST_SCRATCH_DIR = dir;
  } catch {
    // Not writable, or no statfs: the usual temporary folder.
  }
}

/**
 * Runs `load` with the project's moduleNameMapper applied to what it requires, as in the test files: the
 * global setup is required by plain Node, where `@loupe/contracts` would otherwise be the built copy (dist),
 * not the source the tests run against.
 */
async function asInTests<T>(project: Config.ProjectConfig | undefined, load: () => Promise<T>): Promise<T> {
  const resolver = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
  const original = resolver._resolveFilename;
  const mapper = (project?.moduleNameMapper ?? []).map(([from, to]) => [new RegExp(from), to] as const);
  resolver._resolveFilename = function (request, ...rest) {
    const mapped = mapper.find(([from]) => from.test(request));
    return original.call(this, mapped ? request.replace(mapped[0], mapped[1]) : request, ...rest);
  };
  try {
    return await load();
  } finally {
    resolver._resolveFilename = original;
  }
}

/**
 * The demo shop seeded once for the run (test/support/demo-template.ts): made with the calls apiTestbed({ demo })
 * makes — a migrated copy, opened with the demo on at the demo files' instant — and closed, so each demo file
 * copies it.
 */
async function seedDemoTemplate(project: Config.ProjectConfig | undefined): Promise<void> {
  const { createTestDatabase } = await asInTests(project, () => import('../helper'));
  const tdb = await createTestDatabase({ migrated: true });
  const db = await tdb.open({ demo: true }, () => DEMO_TEMPLATE_AT);
  const seeded = db.seeded;
  await db.close();
  publishDemoTemplate({ source: tdb.dataDir, seeded }, DEMO_TEMPLATE_AT);
}

/**
 * On PostgreSQL: a database of the run's (a schema has no copy in PostgreSQL; a database does, CREATE DATABASE …
 * TEMPLATE), migrated and seeded by the same open as on the embedded database, with the tests' configuration
 * (createTestDatabase's) but for the database it names. Each demo file then gets a copy of its own (test/helper.ts).
 * Without the right to create databases (CREATEDB) there is no template, and each demo file seeds its own schema.
 */
async function seedDemoDatabase(project: Config.ProjectConfig | undefined, base: string): Promise<void> {
  const name = `loupe_test_demo_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    process.stderr.write(
      `No demo template database (${(error as Error).message}): each demo test file seeds its own schema.\n`,
    );
    return;
  } finally {
    await client.end();
  }
  // Named before it is filled, so that the teardown drops it even if the seeding fails.
  process.env.LOUPE_TEST_DEMO_DATABASE = name;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const { createTestDatabase } = await asInTests(project, () => import('../helper'));
  const tdb = await createTestDatabase();
  try {
    const db = await tdb.open({ demo: true, databaseUrl: url.toString() }, () => DEMO_TEMPLATE_AT);
    const seeded = db.seeded;
    // No session may stay on a template while CREATE DATABASE copies it.
    await db.close();
    publishDemoTemplate({ source: name, seeded }, DEMO_TEMPLATE_AT);
  } finally {
    await tdb.dispose();
  }
}

/**
 * Once per jest run on the embedded database: a PGlite data folder with every migration applied, which
 * apiTestbed copies for each test file (test/helper.ts, createTestDatabase({ migrated: true })) instead of
 * creating and migrating a database of its own (~2–3 s a file). Files that test opening, migrating or
 * restoring a database still start from an empty folder, as PGlite's initdb leaves it (made once here, before
 * the migrations). And, when the run has a demo file, the demo shop seeded once from the migrated folder
 * (seedDemoTemplate).
 */
export default async function globalSetup(
  globalConfig?: Config.GlobalConfig,
  project?: Config.ProjectConfig,
): Promise<void> {
  scratchInMemory();
  const rootDir = project?.rootDir ?? path.resolve(__dirname, '../..');
  const opensDemo = runOpensDemo(path.join(rootDir, 'test'), globalConfig?.testPathPatterns, rootDir);
  if (process.env.TEST_DATABASE_URL) {
    if (opensDemo) await seedDemoDatabase(project, process.env.TEST_DATABASE_URL);
    return;
  }
  // The product's own first start on an empty folder (PGlite's initdb, 5-8 s of CPU here), once: a file that
  // opens another empty folder starts from a copy of this one (test/jest/pglite.cjs).
  const initdb = mkdtempSync(path.join(os.tmpdir(), 'loupe-test-initdb-'));
  const fresh = createPgliteDb(initdb);
  try {
    await fresh.query('SELECT 1');
  } finally {
    await fresh.close();
  }
  process.env.LOUPE_TEST_INITDB_DIR = initdb;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-test-template-'));
  cpSync(initdb, dir, { recursive: true });
  const db = createPgliteDb(dir);
  try {
    await migrate(db);
    // The copies are test databases of a few hundred rows: PostgreSQL's default 128 MB of shared buffers (which the
    // embedded database allocates and clears at every start) cost ~0.6 s of CPU each time a file opened its copy,
    // against ~0.4 s for the whole start at 16 MB. Only the cache's size changes; production keeps the default.
    await db.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
  } finally {
    await db.close();
  }
  // Read by the test workers, which jest starts after this hook with its environment.
  process.env.LOUPE_TEST_MIGRATED_DIR = dir;
  if (opensDemo) await seedDemoTemplate(project);
}
