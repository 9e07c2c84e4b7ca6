import { KeptAnswers } from '../../kernel/kept-answers';

/**
 * The storefront's page cache (issue 24's performance goal: ≥ 1,500 pages a second on 2 cores, where one
 * listing page costs a few milliseconds of database and rendering): a page rendered within the last `ttlMs` is
 * answered again from memory, and requests for a page that is being rendered wait for that rendering instead of
 * starting their own. Bounded in time (ttlMs, at most 5 s by configuration, so an item sold, reserved or
 * unlisted is gone from every page within it) and in entries (MAX_ENTRIES: a crawler walking every filter
 * combination cannot grow it without bound; the least recently used go first; kernel/kept-answers.ts). One
 * per process: instances do not share it, each serves a page at most ttlMs old. ttlMs 0: no cache, every request
 * renders.
 */
const MAX_ENTRIES = 2_000;

export class PageCache<T> {
  /** Kept with the time each stops being served. */
  private readonly pages: KeptAnswers<T, number>;

  constructor(
    private readonly ttlMs: number,
    keep: (value: T) => boolean,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.pages = new KeptAnswers({ budget: ttlMs > 0 ? MAX_ENTRIES : 0, keep });
  }

  get(key: string, render: () => Promise<T>): Promise<T> {
    const now = this.clock();
    // From when the rendering starts: what it read is never older than ttlMs when served.
    return this.pages.read(key, render, { stamp: now + this.ttlMs, holds: (until) => until > now });
  }

  get size(): number {
    return this.pages.counts.entries;
  }

  /** Forgets every kept page (kernel/in-memory-state.ts); a rendering under way is not kept either. */
  forget(): void {
    this.pages.forget();
  }
}
