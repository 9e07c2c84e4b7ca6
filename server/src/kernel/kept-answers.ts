/**
 * What the app's in-memory caches share (the stock list's pages, `snapshot-cache.ts`; the storefront's pages and
 * photo renditions): answers kept under a key within a budget, the least recently used dropped first; requests
 * that arrive while an answer is being made wait for that one making instead of starting their own; and
 * `forget()` (kernel/in-memory-state.ts) drops every kept answer, and keeps nothing from a making under way.
 *
 * Whether a kept answer still holds is each cache's own rule, given with each read: a stamp recorded when the
 * making began (a database snapshot, an expiry time) and a test of it (`holds`). `shareKey` says which makings a
 * read may share (by default, any under the same key).
 */
export interface KeptAnswersOptions<T> {
  /** The most kept at once, in `weigh`'s units (by default, one an answer). 0 or less: every read makes. */
  budget: number;
  /** What an answer costs of the budget; one larger than the whole budget is not kept. */
  weigh?: (value: T) => number;
  /** Whether an answer is worth keeping (a page, not a refusal); by default every one. */
  keep?: (value: T) => boolean;
}

export interface KeptRead<T, S> {
  /** Recorded with the answer this read makes, and given to `holds` at later reads. */
  stamp: S;
  /** Whether the answer kept with `stamp` still holds for this read; by default always. */
  holds?: (stamp: S, value: T) => boolean;
  /** Reads with the same share key share one making (by default, the key). */
  shareKey?: string;
}

export class KeptAnswers<T, S = undefined> {
  private readonly kept = new Map<string, { stamp: S; value: T; weight: number }>();
  private readonly making = new Map<string, Promise<T>>();
  /** Counts forget() calls: a making started before one keeps nothing. */
  private era = 0;
  private weight = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly options: KeptAnswersOptions<T>) {}

  /** The answer kept under `key` if it still holds; otherwise the making under way, or `make()`'s, kept. */
  read(key: string, make: () => Promise<T>, { stamp, holds, shareKey = key }: KeptRead<T, S>): Promise<T> {
    if (this.options.budget <= 0) return make();
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      if (holds?.(kept.stamp, kept.value) ?? true) {
        this.kept.set(key, kept); // the most recently used, last (a Map keeps insertion order)
        this.hits += 1;
        return Promise.resolve(kept.value);
      }
      this.weight -= kept.weight;
    }
    this.misses += 1;
    const pending = this.making.get(shareKey);
    if (pending) return pending;
    const era = this.era;
    const made = make().then(
      (value) => {
        if (this.making.get(shareKey) === made) this.making.delete(shareKey);
        if (era === this.era) this.put(key, stamp, value);
        return value;
      },
      (error: unknown) => {
        if (this.making.get(shareKey) === made) this.making.delete(shareKey);
        throw error;
      },
    );
    this.making.set(shareKey, made);
    return made;
  }

  /** Hits and misses since the start (or the last forget), the answers kept and their weight. */
  get counts(): { hits: number; misses: number; entries: number; weight: number } {
    return { hits: this.hits, misses: this.misses, entries: this.kept.size, weight: this.weight };
  }

  /** Drops every kept answer; a making under way keeps nothing. */
  forget(): void {
    this.era += 1;
    this.kept.clear();
    this.making.clear();
    this.weight = 0;
    this.hits = 0;
    this.misses = 0;
  }

  private put(key: string, stamp: S, value: T): void {
    if (!(this.options.keep?.(value) ?? true)) return;
    const weight = this.options.weigh?.(value) ?? 1;
    if (weight > this.options.budget) return;
    const old = this.kept.get(key);
    if (old) {
      this.kept.delete(key);
      this.weight -= old.weight;
    }
    this.kept.set(key, { stamp, value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.kept) {
      if (this.weight <= this.options.budget) break;
      this.kept.delete(oldest);
      this.weight -= entry.weight;
    }
  }
}
