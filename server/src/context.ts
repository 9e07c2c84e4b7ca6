import type { Config } from './config';
import type { Db } from './db/database';
import { LoginFailuresRepository } from './modules/auth/login-failures-repository';
import { LoginThrottle } from './modules/auth/login-throttle';
import { SessionService } from './modules/auth/sessions';
import { createRepositories, type Repositories } from './repositories';

/** What route modules are given: the database, the configuration, the clock and the services on top. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  /** Every repository, built once on the database, for reads outside a transaction. */
  repos: Repositories;
  /** Runs `work` in one database transaction, with every repository bound to it. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  sessions: SessionService;
  throttle: LoginThrottle;
}

export function createContext(db: Db, config: Config, now: () => Date): AppContext {
  const repos = createRepositories(db, now);
  return {
    db,
    config,
    now,
    repos,
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx, now))),
    sessions: new SessionService(repos.sessions, config, now),
    // The throttle takes its own table lock, so it needs the database itself rather than a bound transaction.
    throttle: new LoginThrottle(new LoginFailuresRepository(db), now),
  };
}
