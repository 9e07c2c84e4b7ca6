import type { Queryable } from '../db/database';
import { KeptAnswers } from './kept-answers';

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
 * days in stock change at the shop's midnight). Bounded in entries (the least recently used go first), with one load
 * for the requests that took the same snapshot (kernel/kept-answers.ts).
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
  /** Kept with the snapshot taken before each was read, and the time it was read. */
  private readonly answers: KeptAnswers<T, { snapshot: string; madeAt: Date }>;

  constructor(
    private readonly db: Queryable,
    private readonly options: SnapshotCacheOptions<T>,
  ) {
    this.answers = new KeptAnswers({ budget: options.maxEntries, keep: options.keep });
  }

  /** The answer kept under `key` when the database is as it was then; otherwise `load()`'s, kept. */
  async read(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.maxEntries <= 0) return load();
    const [row] = await this.db.query<{ snapshot: string }>(SNAPSHOT_STATEMENT, [], { prepare: true });
    if (!row) return load();
    const { snapshot } = row;
    const now = this.options.now();
    const { stillTrue } = this.options;
    return this.answers.read(key, load, {
      // Made from reads that began after the snapshot: they saw it or later commits, and a later commit changes
      // the snapshot, so the answer is kept only under a snapshot it cannot be older than.
      stamp: { snapshot, madeAt: now },
      holds: (kept, value) => kept.snapshot === snapshot && (stillTrue?.(value, kept.madeAt, now) ?? true),
      // Requests that took the same snapshot share one load: it began after that snapshot, and no commit came
      // between it and theirs (their snapshot would differ), so what it reads is as fresh as a load of their own.
      shareKey: `${snapshot}\n${key}`,
    });
  }

  /** Hits and misses since the start (or the last forget), and the answers kept: for the tests. */
  get counts(): { hits: number; misses: number; entries: number } {
    const { hits, misses, entries } = this.answers.counts;
    return { hits, misses, entries };
  }

  /** Drops every kept answer; a load under way keeps nothing. */
  forget(): void {
    this.answers.forget();
  }
}
