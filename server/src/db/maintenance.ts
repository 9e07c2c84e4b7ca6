import type { Config } from '../config';
import type { Db } from './database';

/**
 * VACUUM and ANALYZE for the embedded database (issue 26). PostgreSQL's autovacuum daemon does this on its own,
 * so nothing here runs on PostgreSQL. PGlite is one backend without the daemon: its settings say
 * `autovacuum = on` but no worker ever starts. Without it the visibility map is never set (an index-only scan
 * visits the table for every row it reads or skips: "jewellery by serial, page 300" read 7,522 heap pages for
 * 25 rows), the dead rows every edit leaves are never cleared and the planner's statistics are never refreshed.
 *
 * Which table needs what is decided as autovacuum decides it (relation_needs_vacanalyze in PostgreSQL 18's
 * autovacuum.c; "The Autovacuum Daemon", https://www.postgresql.org/docs/18/routine-vacuuming.html#AUTOVACUUM),
 * from the autovacuum_* settings PGlite reports (pg_settings), so the thresholds are PostgreSQL's own:
 *  - VACUUM when dead rows > autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor × reltuples (at most
 *    autovacuum_vacuum_max_threshold), or rows inserted since the last vacuum > autovacuum_vacuum_insert_threshold
 *    + autovacuum_vacuum_insert_scale_factor × reltuples × the share of pages not all-frozen, or the table's
 *    oldest transaction id is older than autovacuum_freeze_max_age (wraparound);
 *  - ANALYZE when rows changed since the last analyze > autovacuum_analyze_threshold +
 *    autovacuum_analyze_scale_factor × reltuples.
 * Those counters (pg_stat_all_tables) live in memory and PGlite does not keep them across a restart: every
 * start reads zeros. So the run at start also counts the rows on pages the visibility map did not cover at the
 * table's last vacuum (pg_class keeps that: relpages, relallvisible) as rows inserted since it, and vacuums and
 * analyzes a non-empty table pg_class knows nothing of (never vacuumed nor analyzed).
 */

/** The autovacuum_* settings the decision reads, as PostgreSQL names them. */
export interface AutovacuumSettings {
  autovacuum_vacuum_threshold: number;
  autovacuum_vacuum_scale_factor: number;
  /** -1: no ceiling. */
  autovacuum_vacuum_max_threshold: number;
  /** -1: inserts never trigger a vacuum. */
  autovacuum_vacuum_insert_threshold: number;
  autovacuum_vacuum_insert_scale_factor: number;
  autovacuum_analyze_threshold: number;
  autovacuum_analyze_scale_factor: number;
  autovacuum_freeze_max_age: number;
  /** Seconds between checks of the daemon: the default interval here too. */
  autovacuum_naptime: number;
}

const SETTING_NAMES = [
  'autovacuum_vacuum_threshold',
  'autovacuum_vacuum_scale_factor',
  'autovacuum_vacuum_max_threshold',
  'autovacuum_vacuum_insert_threshold',
  'autovacuum_vacuum_insert_scale_factor',
  'autovacuum_analyze_threshold',
  'autovacuum_analyze_scale_factor',
  'autovacuum_freeze_max_age',
  'autovacuum_naptime',
] as const satisfies readonly (keyof AutovacuumSettings)[];

/** One table as pg_class and pg_stat_all_tables see it. */
export interface TableState {
  /** Schema-qualified, quoted by PostgreSQL (format('%I.%I')): safe to put into VACUUM's text. */
  name: string;
  /** pg_class, as of the last VACUUM, ANALYZE or CREATE INDEX; reltuples -1: never. */
  reltuples: number;
  relpages: number;
  relallvisible: number;
  relallfrozen: number;
  /** The table's size now, in pages. */
  pages: number;
  /** age(relfrozenxid). */
  xidAge: number;
  /** pg_stat_all_tables: since this start or the last vacuum/analyze. */
  deadTuples: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export interface Decision {
  vacuum: boolean;
  analyze: boolean;
}

/**
 * What autovacuum would do to `t` (see above). `atStart`: the statistics counters were just reset, so the
 * pages added since the last vacuum stand in for the inserts counted since it.
 */
export function decide(t: TableState, s: AutovacuumSettings, atStart: boolean): Decision {
  const reltuples = Math.max(t.reltuples, 0);
  let unfrozen = 1;
  if (t.relpages > 0 && t.relallfrozen > 0) unfrozen = 1 - Math.min(t.relallfrozen, t.relpages) / t.relpages;
  let vacuumThreshold = s.autovacuum_vacuum_threshold + s.autovacuum_vacuum_scale_factor * reltuples;
  if (s.autovacuum_vacuum_max_threshold >= 0)
    vacuumThreshold = Math.min(vacuumThreshold, s.autovacuum_vacuum_max_threshold);
  const insertThreshold =
    s.autovacuum_vacuum_insert_threshold + s.autovacuum_vacuum_insert_scale_factor * reltuples * unfrozen;
  const analyzeThreshold = s.autovacuum_analyze_threshold + s.autovacuum_analyze_scale_factor * reltuples;

  if (atStart && t.pages > 0) {
    // Never vacuumed nor analyzed, or sized on an empty table: nothing says how many rows it holds.
    if (t.reltuples < 0 || t.relpages === 0) return { vacuum: true, analyze: true };
    const uncovered = Math.max(t.pages - t.relallvisible, 0) * (reltuples / t.relpages);
    if (s.autovacuum_vacuum_insert_threshold >= 0 && uncovered > insertThreshold) {
      // Written since the last vacuum, so after the last analyze too, for all that is known.
      return { vacuum: true, analyze: true };
    }
  }

  const vacuum =
    t.xidAge > s.autovacuum_freeze_max_age ||
    t.deadTuples > vacuumThreshold ||
    (s.autovacuum_vacuum_insert_threshold >= 0 && t.insertedSinceVacuum > insertThreshold);
  const analyze = t.modifiedSinceAnalyze > analyzeThreshold;
  return { vacuum, analyze };
}

/** The statement that does `d` to `name`, or null when nothing is due. */
function statementFor(name: string, d: Decision): string | null {
  if (d.vacuum && d.analyze) return `VACUUM (ANALYZE) ${name}`;
  if (d.vacuum) return `VACUUM ${name}`;
  if (d.analyze) return `ANALYZE ${name}`;
  return null;
}

export async function autovacuumSettings(db: Db): Promise<AutovacuumSettings> {
  const rows = await db.query<{ name: string; value: number }>(
    // pg_settings gives each in its base unit (the naptime in seconds); `autovacuum` itself is a boolean.
    `SELECT name, setting::float8 AS value FROM pg_settings
      WHERE name LIKE 'autovacuum\\_%' AND vartype IN ('integer', 'real')`,
  );
  const settings: Partial<AutovacuumSettings> = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  const missing = SETTING_NAMES.filter((name) => settings[name] === undefined);
  if (missing.length > 0) throw new Error(`the database does not report ${missing.join(', ')}`);
  return settings as AutovacuumSettings;
}

/** Every table autovacuum would look at: plain tables and materialized views, catalogs included, no TOAST. */
async function tableStates(db: Db): Promise<TableState[]> {
  // The counters are flushed into pg_stat_all_tables at most once a second, when the backend is idle: this
  // makes the end of this statement flush them, so the next one reads every write made so far.
  await db.query('SELECT pg_stat_force_next_flush()');
  return db.query<TableState>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name,
            c.reltuples::float8 AS reltuples, c.relpages, c.relallvisible, c.relallfrozen,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
            age(c.relfrozenxid) AS "xidAge",
            coalesce(s.n_dead_tup, 0)::float8 AS "deadTuples",
            coalesce(s.n_ins_since_vacuum, 0)::float8 AS "insertedSinceVacuum",
            coalesce(s.n_mod_since_analyze, 0)::float8 AS "modifiedSinceAnalyze"
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
      WHERE c.relkind IN ('r', 'm') AND c.relpersistence <> 't'
      ORDER BY n.nspname, c.relname`,
  );
}

export interface MaintenanceRun {
  vacuumed: string[];
  analyzed: string[];
  /** Tables whose VACUUM or ANALYZE failed, with the error (logged; the others still ran). */
  failed: { table: string; error: string }[];
  ms: number;
}

export interface MaintenanceOptions {
  /** The first run after the database opened: its statistics counters start from zero (see above). */
  atStart?: boolean;
  /** Asked before each table: false stops the run (the server is closing). */
  go?: () => boolean;
  /** Told of each table whose VACUUM or ANALYZE failed; the run goes on with the next. */
  onError?: (table: string, error: Error) => void;
}

/**
 * One maintenance run on the embedded database: VACUUM and/or ANALYZE each table that needs it (see above),
 * one statement a table. Each goes through `db.query`, which on PGlite waits for any transaction in progress
 * and holds the database until it is done (VACUUM cannot run inside a transaction block), so requests wait
 * at most one table's vacuum. Does nothing on PostgreSQL, whose autovacuum does it.
 */
export async function maintainPglite(db: Db, options: MaintenanceOptions = {}): Promise<MaintenanceRun> {
  const run: MaintenanceRun = { vacuumed: [], analyzed: [], failed: [], ms: 0 };
  if (db.kind !== 'pglite') return run;
  const started = performance.now();
  const settings = await autovacuumSettings(db);
  for (const table of await tableStates(db)) {
    const decision = decide(table, settings, options.atStart ?? false);
    const statement = statementFor(table.name, decision);
    if (statement === null) continue;
    if (options.go && !options.go()) break;
    try {
      await db.query(statement);
      if (decision.vacuum) run.vacuumed.push(table.name);
      if (decision.analyze) run.analyzed.push(table.name);
    } catch (error) {
      run.failed.push({ table: table.name, error: (error as Error).message });
      options.onError?.(table.name, error as Error);
    }
  }
  run.ms = performance.now() - started;
  return run;
}

export interface MaintenanceLog {
  info(message: string): void;
  error(message: string): void;
}

/** The run's log line, or null when it did nothing. */
export function describeRun(run: MaintenanceRun): string | null {
  if (run.vacuumed.length === 0 && run.analyzed.length === 0) return null;
  const parts: string[] = [];
  if (run.vacuumed.length > 0) parts.push(`vacuumed ${run.vacuumed.join(', ')}`);
  if (run.analyzed.length > 0) parts.push(`analyzed ${run.analyzed.join(', ')}`);
  return `Database maintenance: ${parts.join('; ')} (${Math.round(run.ms)} ms)`;
}

/**
 * The embedded database's maintenance while the server runs: once at start (after the migrations, which ran
 * when the database opened), then every PGLITE_MAINTENANCE_SECONDS (default: autovacuum_naptime, 60 s; 0: off).
 * A run waits for the one before it. Errors are logged, never thrown. The timer never keeps the process alive;
 * the returned function stops it (call it before the database closes: a run in progress stops before its next
 * table). Its `checked` settles once the run at start is done. Nothing on PostgreSQL: autovacuum does it there.
 */
export function scheduleMaintenance(
  db: Db,
  config: Pick<Config, 'pgliteMaintenanceSeconds'>,
  log: MaintenanceLog,
): (() => void) & { checked: Promise<void> } {
  if (db.kind !== 'pglite' || config.pgliteMaintenanceSeconds === 0) {
    return Object.assign(() => undefined, { checked: Promise.resolve() });
  }
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const go = () => !stopped;

  const once = async (atStart: boolean) => {
    try {
      const run = await maintainPglite(db, {
        atStart,
        go,
        onError: (table, error) => {
          if (!stopped) log.error(`Database maintenance of ${table} failed: ${error.message}`);
        },
      });
      const line = describeRun(run);
      if (line && !stopped) log.info(line);
    } catch (error) {
      // A failed run must not stop the shop; the next one is tried anyway.
      if (!stopped) log.error(`Database maintenance failed: ${(error as Error).message}`);
    }
  };

  const first = async () => {
    await once(true);
    if (stopped) return;
    let seconds = config.pgliteMaintenanceSeconds;
    if (seconds === null) {
      try {
        seconds = (await autovacuumSettings(db)).autovacuum_naptime;
      } catch (error) {
        if (!stopped) log.error(`Database maintenance: ${(error as Error).message}`);
        return;
      }
    }
    const every = seconds * 1000;
    if (stopped) return;
    timer = setTimeout(function next() {
      void once(false).finally(() => {
        if (stopped) return;
        timer = setTimeout(next, every);
        timer.unref();
      });
    }, every);
    timer.unref();
  };
  const checked = first();

  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
  return Object.assign(stop, { checked });
}
