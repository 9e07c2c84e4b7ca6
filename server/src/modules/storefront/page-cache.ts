/**
 * The storefront's page cache (issue 24's performance goal: ≥ 1,500 pages a second on 2 cores, where one
 * listing page costs a few milliseconds of database and rendering): a page rendered within the last `ttlMs` is
 * answered again from memory, and requests for a page that is being rendered wait for that rendering instead of
 * starting their own. Bounded in time (ttlMs, at most 5 s by configuration, so an item sold, reserved or
 * unlisted is gone from every page within it) and in entries (MAX_ENTRIES: a crawler walking every filter
 * combination cannot grow it without bound; the oldest entries go first). One per process: instances do not
 * share it, each serves a page at most ttlMs old. ttlMs 0: no cache, every request renders.
 */
const MAX_ENTRIES = 2_000;

export class PageCache<T> {
  private readonly kept = new Map<string, { until: number; value: T }>();
  private readonly rendering = new Map<string, Promise<T>>();
  /** Counts forget() calls: a rendering started before one keeps nothing. */
  private forgotten = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly keep: (value: T) => boolean,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  async get(key: string, render: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return render();
    const kept = this.kept.get(key);
    if (kept) {
      if (kept.until > this.clock()) return kept.value;
      this.kept.delete(key);
    }
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const started = this.clock();
    const era = this.forgotten;
    const promise = render().then(
      (value) => {
        if (era !== this.forgotten) return value;
        this.rendering.delete(key);
        if (this.keep(value)) {
          if (this.kept.size >= MAX_ENTRIES) this.kept.delete(this.kept.keys().next().value as string);
          // From when the rendering started: what it read is never older than ttlMs when served.
          this.kept.set(key, { until: started + this.ttlMs, value });
        }
        return value;
      },
      (error: unknown) => {
        if (era === this.forgotten) this.rendering.delete(key);
        throw error;
      },
    );
    this.rendering.set(key, promise);
    return promise;
  }

  get size(): number {
    return this.kept.size;
  }

  /** Forgets every kept page (kernel/in-memory-state.ts); a rendering under way is not kept either. */
  forget(): void {
    this.forgotten += 1;
    this.kept.clear();
    this.rendering.clear();
  }
}
