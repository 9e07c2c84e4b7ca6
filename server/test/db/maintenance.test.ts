// The embedded database's VACUUM and ANALYZE (db/maintenance.ts, issue 26). PGlite has no autovacuum daemon; the
// maintenance decides per table as autovacuum does and runs through the same single connection. This file is
// PGlite's alone, on instances of its own whichever database the run uses, so the PostgreSQL run leaves it to the
// embedded one (test/jest/no-database-files.cjs); maintenance-postgres.test.ts checks that nothing runs on
// PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDb, type Db } from '../../src/db/database';
import {
  autovacuumSettings,
  decide,
  maintainPglite,
  scheduleMaintenance,
  type AutovacuumSettings,
  type TableState,
} from '../../src/db/maintenance';
import { recordingLog as log } from '../helper';

jest.setTimeout(120_000);

/** Every "Heap Fetches" of a JSON plan (an index-only scan's visits to the table). */
function heapFetches(plan: unknown): number[] {
  if (Array.isArray(plan)) return plan.flatMap(heapFetches);
  if (plan === null || typeof plan !== 'object') return [];
  const node = plan as Record<string, unknown>;
  const own = typeof node['Heap Fetches'] === 'number' ? [node['Heap Fetches']] : [];
  return [...own, ...Object.values(node).flatMap(heapFetches)];
}

async function counts(db: Db, table: string) {
  const [row] = await db.query<{ vacuums: number; analyzes: number }>(
    `SELECT vacuum_count::int AS vacuums, analyze_count::int AS analyzes
       FROM pg_stat_user_tables WHERE relname = $1`,
    [table],
  );
  return row;
}

/** Waits until `check` holds, letting timers and the database run meanwhile. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const publicOnly = (names: string[]) => names.filter((name) => name.startsWith('public.'));

/**
 * A scratch embedded database in a folder of its own, removed when it closes. In an empty folder the run's
 * initialised copy is opened (test/jest/pglite.cjs); an in-memory one runs initdb again (5-8 s of CPU on the CI
 * machine, as pglite.cjs says).
 */
function scratchPglite(): Db {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-maintenance-'));
  const db = createPgliteDb(dir);
  return {
    ...db,
    close: async () => {
      try {
        await db.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

describe('the decision, as autovacuum makes it (PostgreSQL 18, relation_needs_vacanalyze)', () => {
  let settings: AutovacuumSettings;
  beforeAll(async () => {
    const db = scratchPglite();
    try {
      settings = await autovacuumSettings(db);
    } finally {
      await db.close();
    }
  });
  const table = (over: Partial<TableState>): TableState => ({
    name: 'public.t',
    reltuples: 1000,
    relpages: 10,
    relallvisible: 10,
    relallfrozen: 0,
    pages: 10,
    xidAge: 10,
    deadTuples: 0,
    insertedSinceVacuum: 0,
    modifiedSinceAnalyze: 0,
    ...over,
  });

  it('vacuums past the dead-row threshold, the insert threshold (scaled by the unfrozen share) or the freeze age', () => {
    const s = settings;
    const dead = s.autovacuum_vacuum_threshold + s.autovacuum_vacuum_scale_factor * 1000;
    expect(decide(table({ deadTuples: dead }), s, false).vacuum).toBe(false);
    expect(decide(table({ deadTuples: dead + 1 }), s, false).vacuum).toBe(true);
    const inserts = s.autovacuum_vacuum_insert_threshold + s.autovacuum_vacuum_insert_scale_factor * 1000;
    expect(decide(table({ insertedSinceVacuum: inserts }), s, false)).toEqual({
      vacuum: false,
      analyze: false,
    });
    expect(decide(table({ insertedSinceVacuum: inserts + 1 }), s, false).vacuum).toBe(true);
    // Half the pages frozen: half the scaled part of the insert threshold.
    const halfFrozen = s.autovacuum_vacuum_insert_threshold + s.autovacuum_vacuum_insert_scale_factor * 500;
    expect(decide(table({ relallfrozen: 5, insertedSinceVacuum: halfFrozen + 1 }), s, false).vacuum).toBe(
      true,
    );
    expect(decide(table({ xidAge: s.autovacuum_freeze_max_age + 1 }), s, false).vacuum).toBe(true);
    // Never vacuumed (reltuples -1): counted as empty, so the base thresholds alone.
    expect(
      decide(table({ reltuples: -1, deadTuples: s.autovacuum_vacuum_threshold + 1 }), s, false).vacuum,
    ).toBe(true);
  });

  it('analyzes past the changed-row threshold', () => {
    const s = settings;
    const changed = s.autovacuum_analyze_threshold + s.autovacuum_analyze_scale_factor * 1000;
    expect(decide(table({ modifiedSinceAnalyze: changed }), s, false).analyze).toBe(false);
    expect(decide(table({ modifiedSinceAnalyze: changed + 1 }), s, false)).toEqual({
      vacuum: false,
      analyze: true,
    });
  });

  it('at start (counters reset) counts the pages the visibility map did not cover as inserted rows', () => {
    const s = settings;
    // 100 rows a page; the insert threshold of 1,000 rows is 1000 + 0.2 × 1000 = 1,200 rows = 12 pages.
    const grown = (pages: number) => table({ pages: 10 + pages });
    const limit =
      (s.autovacuum_vacuum_insert_threshold + s.autovacuum_vacuum_insert_scale_factor * 1000) / 100;
    expect(decide(grown(Math.floor(limit)), s, true)).toEqual({ vacuum: false, analyze: false });
    expect(decide(grown(Math.floor(limit) + 1), s, true)).toEqual({ vacuum: true, analyze: true });
    expect(decide(grown(Math.floor(limit) + 1), s, false)).toEqual({ vacuum: false, analyze: false });
    // Nothing known of its rows (never vacuumed nor analyzed), not empty: both.
    expect(decide(table({ reltuples: -1, relpages: 0, relallvisible: 0 }), s, true)).toEqual({
      vacuum: true,
      analyze: true,
    });
    expect(decide(table({ reltuples: -1, relpages: 0, relallvisible: 0, pages: 0 }), s, true)).toEqual({
      vacuum: false,
      analyze: false,
    });
  });
});

describe('maintenance runs on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = scratchPglite();
    await db.exec(`CREATE TABLE big (id serial PRIMARY KEY, v int NOT NULL);
                   CREATE TABLE small (id serial PRIMARY KEY, v int NOT NULL)`);
  });
  afterAll(async () => db.close());

  const deepIds = async () => {
    const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
      'EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM big ORDER BY id DESC LIMIT 25 OFFSET 4000',
    );
    return heapFetches(row?.['QUERY PLAN']);
  };

  it('vacuums and analyzes exactly the tables over the thresholds; the deep index-only page then reads no heap', async () => {
    await db.query('INSERT INTO big (v) SELECT g FROM generate_series(1, 5000) g');
    await db.query('INSERT INTO small (v) SELECT g FROM generate_series(1, 200) g');
    const before = await deepIds();
    expect(before.length).toBeGreaterThan(0); // an index-only scan
    expect(Math.max(...before)).toBeGreaterThan(0);

    const run = await maintainPglite(db);
    // 5,000 inserts pass the insert threshold (1,000 on a table of no known rows); 200 pass only the analyze one.
    expect(publicOnly(run.vacuumed)).toEqual(['public.big']);
    expect(publicOnly(run.analyzed)).toEqual(['public.big', 'public.small']);
    expect(run.failed).toEqual([]);
    expect(await counts(db, 'big')).toEqual({ vacuums: 1, analyzes: 1 });
    expect(await counts(db, 'small')).toEqual({ vacuums: 0, analyzes: 1 });
    expect(await deepIds()).toEqual(before.map(() => 0));

    // Under every threshold now: left alone.
    const again = await maintainPglite(db);
    expect(publicOnly(again.vacuumed)).toEqual([]);
    expect(publicOnly(again.analyzed)).toEqual([]);
    expect(await counts(db, 'big')).toEqual({ vacuums: 1, analyzes: 1 });

    // Dead rows past 50 + 20% of small's 200: vacuumed (and analyzed, 100 rows changed > 50 + 10%).
    await db.query('DELETE FROM small WHERE id <= 100');
    const deleted = await maintainPglite(db);
    expect(publicOnly(deleted.vacuumed)).toEqual(['public.small']);
    expect(await counts(db, 'small')).toEqual({ vacuums: 1, analyzes: 2 });
  });

  it("waits for a transaction in progress instead of running inside it (VACUUM can't)", async () => {
    const events: string[] = [];
    let maintenance: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO big (v) SELECT g FROM generate_series(1, 5000) g');
      maintenance = maintainPglite(db).then((run) => {
        events.push('maintenance done');
        return run;
      });
      for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
      events.push('transaction done');
    });
    const run = (await maintenance) as Awaited<ReturnType<typeof maintainPglite>>;
    expect(events).toEqual(['transaction done', 'maintenance done']);
    expect(run.failed).toEqual([]);
    expect(publicOnly(run.vacuumed)).toEqual(['public.big']);
  });

  it('logs a failed VACUUM, goes on with the next table, and the database keeps answering', async () => {
    await db.query('INSERT INTO big (v) SELECT g FROM generate_series(1, 5000) g');
    await db.query('INSERT INTO small (v) SELECT g FROM generate_series(1, 5000) g');
    const failing: Db = {
      ...db,
      query: (sql, params, options) =>
        sql.startsWith('VACUUM') && sql.endsWith('public.big')
          ? Promise.reject(new Error('could not extend file: No space left on device'))
          : db.query(sql, params, options),
    };
    const lines = log();
    const stop = scheduleMaintenance(failing, { pgliteMaintenanceSeconds: 3600 }, lines);
    await stop.checked;
    stop();
    expect(lines.lines).toEqual([
      'ERROR Database maintenance of public.big failed: could not extend file: No space left on device',
      expect.stringMatching(/^Database maintenance: vacuumed (.*, )?public\.small; analyzed .*public\.small/),
    ]);
    expect(await counts(db, 'small')).toEqual({ vacuums: 2, analyzes: 3 });
    expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM big')).toEqual([{ n: 15000 }]);
  });

  it('runs again on its interval, stops on stop() (even mid-run), and its timer never holds the process', async () => {
    const sent: string[] = [];
    let stop: ReturnType<typeof scheduleMaintenance> | undefined;
    let stopAtVacuum = false;
    const watched: Db = {
      ...db,
      query: (sql, params, options) => {
        sent.push(sql);
        if (stopAtVacuum && sql.startsWith('VACUUM')) stop?.();
        return db.query(sql, params, options);
      },
    };
    const timeouts = jest.spyOn(global, 'setTimeout');
    try {
      const lines = log();
      stop = scheduleMaintenance(watched, { pgliteMaintenanceSeconds: 1 }, lines);
      await stop.checked;
      const call = timeouts.mock.calls.findIndex((c) => c[1] === 1000);
      expect(call).toBeGreaterThanOrEqual(0);
      expect((timeouts.mock.results[call]?.value as NodeJS.Timeout).hasRef()).toBe(false);
      // Two tables over the thresholds: the run that comes on the interval stops after the first VACUUM.
      await db.query('INSERT INTO big (v) SELECT g FROM generate_series(1, 5000) g');
      await db.query('INSERT INTO small (v) SELECT g FROM generate_series(1, 5000) g');
      sent.length = 0;
      stopAtVacuum = true;
      const vacuums = () => sent.filter((sql) => sql.startsWith('VACUUM')).length;
      await until(() => vacuums() === 1);
      await db.query('SELECT 1'); // after the VACUUM in PGlite's queue
      const after = sent.length;
      // Past two more intervals: nothing more was sent.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(sent.length).toBe(after);
      expect(vacuums()).toBe(1);
    } finally {
      stop?.();
      timeouts.mockRestore();
    }
  });

  it('checks every autovacuum_naptime unless PGLITE_MAINTENANCE_SECONDS says otherwise; 0 turns it off', async () => {
    const timeouts = jest.spyOn(global, 'setTimeout');
    try {
      const stop = scheduleMaintenance(db, { pgliteMaintenanceSeconds: null }, log());
      await stop.checked;
      stop();
      const naptime = (await autovacuumSettings(db)).autovacuum_naptime;
      expect(naptime).toBeGreaterThan(0);
      expect(timeouts.mock.calls.map((c) => c[1])).toContain(naptime * 1000);
    } finally {
      timeouts.mockRestore();
    }
    const sent: string[] = [];
    const off = scheduleMaintenance(
      { ...db, query: (sql) => Promise.resolve(void sent.push(sql)).then(() => []) },
      { pgliteMaintenanceSeconds: 0 },
      log(),
    );
    await off.checked;
    expect(sent).toEqual([]);
  });
});

describe('the run at start, when PGlite has forgotten its counters', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-maintenance-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('vacuums a table written since its last vacuum although the counters restarted from zero', async () => {
    let db = createPgliteDb(dir);
    await db.exec('CREATE TABLE kept (id serial PRIMARY KEY, v int NOT NULL)');
    await db.query('INSERT INTO kept (v) SELECT g FROM generate_series(1, 1000) g');
    await maintainPglite(db);
    await db.query('INSERT INTO kept (v) SELECT g FROM generate_series(1, 5000) g');
    await db.close();

    db = createPgliteDb(dir);
    try {
      // PGlite keeps no statistics counters across a restart: the 5,000 inserts are not counted.
      expect(publicOnly((await maintainPglite(db)).vacuumed)).toEqual([]);
      const run = await maintainPglite(db, { atStart: true });
      expect(publicOnly(run.vacuumed)).toEqual(['public.kept']);
      expect(publicOnly(run.analyzed)).toEqual(['public.kept']);
      expect(publicOnly((await maintainPglite(db, { atStart: true })).vacuumed)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
