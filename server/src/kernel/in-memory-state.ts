/**
 * What a running app keeps in memory about its database: caches (sessions, the storefront's pages, photos and
 * brand lists), request counters (the rate limits, the enquiry form's), and the hearing of committed item changes.
 * Each holder registers here, on the context it is given (kernel/context.ts), how to forget what it holds and,
 * for work it does in the background, how to take it up again; buildApp (app.ts) puts the app's one instance on
 * `app.inMemoryState`.
 *
 * For a database replaced wholesale under a running app, with nothing told through the app: the server's tests
 * empty and re-seed one database between tests and keep one app per test file (test/helper.ts) instead of
 * building ~300 routes again for every test (issue 26, goal 5). `forget()` when the old database's last request
 * has been answered, `resume()` once the new one is in place: the app then answers as one just built on it.
 */
export interface InMemoryHolder {
  /** Drops what is kept, and stops background work (waiting for what it had started). */
  forget(): void | Promise<void>;
  /** Takes the background work up again, on the database as it is now. */
  resume?(): void | Promise<void>;
}

export class InMemoryState {
  private readonly holders: Array<{ name: string; holder: InMemoryHolder }> = [];

  register(name: string, holder: InMemoryHolder): void {
    this.holders.push({ name, holder });
  }

  /** What is registered, by name, in the order registered. */
  get names(): string[] {
    return this.holders.map(({ name }) => name);
  }

  async forget(): Promise<void> {
    for (const { holder } of this.holders) await holder.forget();
  }

  async resume(): Promise<void> {
    for (const { holder } of this.holders) await holder.resume?.();
  }
}
