import type { Queryable } from '../db/database';

/**
 * Answers kept for as long as the database has not changed (issue 26, goal 2: the stock list page on PostgreSQL).
 *
 * Each answer is kept with the database snapshot taken before it was read (`pg_current_snapshot()`: the oldest
 * transaction still running, the next one to be given a number, the ones running between them). A later request
 * takes the snapshot again, one statement without a table; when it is the same, no transaction has committed or
 * rolled back since — the one that did would have left the list of running ones, or moved the next number on —
 * so every table reads exactly as it did when the answer was made (PostgreSQL's MVCC: two equal snapshots see the
 * same rows). Any commit anywhere in the database, by any process or instance, makes every kept answer a miss: no
 * write path has to say what it changed, so none can be forgotten, and a write is seen by the very next read on
 * any instance (no notification delay, unlike the session cache). The price is one round trip on every hit, and
 * on a busy database few hits.
 *
 * What the database cannot say: an answer that also depends on the clock says so with `stillTrue` (the stock list's
 * days in stock change at the shop's midnight). Bounded in entries (the least recently used go first).
 */
export const SNAPSHOT_STATEMENT = 'SELECT pg_current_snapshot()::text AS snapshot';

export interface SnapshotCacheOptions<T> {
  /** How many answers at most; 0: nothing is kept, every read loads. */
  maxEntries: number;
  /** Whether a kept answer still holds at `now` (the database unchanged); by default always. */
  stillTrue?: (value: T, madeAt: Date, now: Date) => boolean;
  /** Whether an answer is worth keeping (e.g. not an empty page); by default every one. */
  keep?: (value: T) => boolean;
  now: () => Date;
}

export class SnapshotCache<T> {
  private readonly kept = new Map<string, { snapshot: string; madeAt: Date; value: T }>();
  /** The loads under way, by snapshot and key. */
  private readonly loading = new Map<string, Promise<T>>();
  /** Counts forget() calls: a load started before one keeps nothing (kernel/in-memory-state.ts). */
  private era = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly db: Queryable,
    private readonly options: SnapshotCacheOptions<T>,
  ) {}

  /** The answer kept under `key` when the database is as it was then; otherwise `load()`'s, kept. */
  async read(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.maxEntries <= 0) return load();
    const [row] = await this.db.query<{ snapshot: string }>(SNAPSHOT_STATEMENT, [], { prepare: true });
    if (!row) return load();
    const { snapshot } = row;
    const now = this.options.now();
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      if (kept.snapshot === snapshot && (this.options.stillTrue?.(kept.value, kept.madeAt, now) ?? true)) {
        this.kept.set(key, kept); // the most recently used, last
        this.hits += 1;
        return kept.value;
      }
    }
    this.misses += 1;
    // Requests that took the same snapshot share one load: it began after that snapshot, and no commit came
    // between it and theirs (their snapshot would differ), so what it reads is as fresh as a load of their own.
    const loadKey = `${snapshot}\n${key}`;
    const pending = this.loading.get(loadKey);
    if (pending) return pending;
    const era = this.era;
    const loaded = load().then(
      (value) => {
        if (this.loading.get(loadKey) === loaded) this.loading.delete(loadKey);
        if (era === this.era && (this.options.keep?.(value) ?? true)) {
          if (this.kept.size >= this.options.maxEntries)
            this.kept.delete(this.kept.keys().next().value as string);
          // Made from reads that began after the snapshot: they saw it or later commits, and a later commit
          // changes the snapshot, so the answer is kept only under a snapshot it cannot be older than.
          this.kept.set(key, { snapshot, madeAt: now, value });
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(loadKey) === loaded) this.loading.delete(loadKey);
        throw error;
      },
    );
    this.loading.set(loadKey, loaded);
    return loaded;
  }

  /** Hits and misses since the start (or the last forget), and the answers kept: for the tests. */
  get counts(): { hits: number; misses: number; entries: number } {
    return { hits: this.hits, misses: this.misses, entries: this.kept.size };
  }

  /** Drops every kept answer; a load under way keeps nothing. */
  forget(): void {
    this.era += 1;
    this.kept.clear();
    this.loading.clear();
    this.hits = 0;
    this.misses = 0;
  }
}
