import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DemoSeed } from '../../src/demo/seed';

/**
 * The run's demo shop, seeded once (test/jest/global-setup.ts) and copied by each demo test file instead of
 * seeded again by each (tens of seconds a file on the embedded database).
 *
 * The template is a data folder that `createTestDatabase({ migrated: true })` made and `open({ demo: true })`
 * seeded at DEMO_TEMPLATE_AT — the very calls apiTestbed({ demo }) makes — then closed. Opening the seeding
 * writes nothing outside the database with the tests' configuration: stored files are sealed into the database
 * under the fixed TEST_FILE_KEY (no key file is generated beside DATA_DIR), the uploads folder is empty (nothing
 * to move in), and a migrated folder has no migration to back up for. So a copy of the folder is the database
 * a fresh start at that instant seeds, and the copy opens as a restart over it does.
 *
 * On PostgreSQL the template is a database seeded the same way (the tests' configuration, open({ demo: true }) at
 * DEMO_TEMPLATE_AT), and each demo file gets a database of its own made from it by CREATE DATABASE … TEMPLATE,
 * PostgreSQL's own copy of a database, file by file, instead of a schema migrated and seeded for the file.
 */

/** The instant the demo test files open the demo shop at (all of them the same). */
export const DEMO_TEMPLATE_AT = new Date('2026-03-01T09:00:00Z');

/** Read by the test workers, which jest starts after the global setup with its environment. */
const SOURCE_ENV = 'LOUPE_TEST_DEMO_SOURCE';
const AT_ENV = 'LOUPE_TEST_DEMO_AT';
/** What the template's open returned as `db.seeded` (JSON): a copy's own open finds a shop and seeds nothing. */
const SEEDED_ENV = 'LOUPE_TEST_DEMO_SEEDED';

export interface DemoTemplate {
  /** The data folder to copy (embedded database), or the database to copy (PostgreSQL). */
  source: string;
  /** `db.seeded` of the open that seeded the template. */
  seeded: DemoSeed | null;
}

/** Records the run's template for the workers (global-setup.ts). */
export function publishDemoTemplate(template: DemoTemplate, at: Date): void {
  process.env[SOURCE_ENV] = template.source;
  process.env[AT_ENV] = at.toISOString();
  process.env[SEEDED_ENV] = JSON.stringify(template.seeded);
}

/** The run's template seeded at `at`, or null (none made, or made at another instant): the file seeds its own. */
export function demoTemplateFor(at: Date): DemoTemplate | null {
  const source = process.env[SOURCE_ENV];
  const made = process.env[AT_ENV];
  const seeded = process.env[SEEDED_ENV];
  if (!source || !made || seeded === undefined) return null;
  if (new Date(made).getTime() !== at.getTime()) return null;
  return { source, seeded: JSON.parse(seeded) as DemoSeed | null };
}

/** The template's folder or database, for the teardown. */
export function demoTemplateSource(): string | undefined {
  return process.env[SOURCE_ENV];
}

/** A test file that opens the demo shop: apiTestbed({ demo: … }) in its source. */
const OPENS_DEMO = /apiTestbed\(\{[^}]*\bdemo:/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Whether the run may include a demo file, so that seeding the template (~20 s of the start on the embedded
 * database) is not paid by a run of other files. A run named by paths (`npx jest test/x.test.ts`) is looked at
 * file by file; any other run (the whole suite, --onlyChanged…) is taken to include one. A file the look misses
 * still passes: it seeds its own demo shop, as before the template.
 */
export function runOpensDemo(
  testDir: string,
  patterns:
    { isSet(): boolean; toExecutor(o: { rootDir: string }): { isMatch(p: string): boolean } } | undefined,
  rootDir: string,
): boolean {
  if (!patterns?.isSet()) return true;
  const executor = patterns.toExecutor({ rootDir });
  return testFiles(testDir).some(
    (file) => executor.isMatch(file) && OPENS_DEMO.test(readFileSync(file, 'utf8')),
  );
}
