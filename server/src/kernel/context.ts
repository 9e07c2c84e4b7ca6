import type { Config } from '../config';
import type { Db } from '../db/database';
import type { InMemoryState } from './in-memory-state';

/**
 * What a module is given: the database, the configuration, the clock and the repositories it works with.
 * `R` is the module's own list of repositories (its `deps.ts`), so a module names what it uses and never
 * imports the app that builds them; the app's one bag of every repository satisfies each module's list.
 */
export interface ModuleContext<R> {
  db: Db;
  config: Config;
  now: () => Date;
  /** The repositories, built once on the database, for reads outside a transaction. */
  repos: R;
  /** Runs `work` in one database transaction, with the same repositories bound to it. */
  transaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
  /** Where what the module keeps in memory about the database registers how to forget it (in-memory-state.ts). */
  memory: InMemoryState;
}
