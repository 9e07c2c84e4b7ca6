import type { Config } from './config';
import type { Db } from './db/database';
import type { ModuleContext } from './kernel/context';
import type { InMemoryState } from './kernel/in-memory-state';
import { LoginFailuresRepository } from './modules/auth/login-failures-repository';
import { LoginThrottle } from './modules/auth/login-throttle';
import { SessionService } from './modules/auth/sessions';
import { createRepositories, type Repositories } from './repositories';

/**
 * The app's context, built once per app: every repository on the database (`createRepositories`), the
 * sessions and the sign-in throttle. It satisfies each module's own context (a module names the repositories
 * it uses in its deps.ts), so the modules never import this file.
 */
export interface AppContext extends ModuleContext<Repositories> {
  sessions: SessionService;
  throttle: LoginThrottle;
}

export function createContext(db: Db, config: Config, now: () => Date, memory: InMemoryState): AppContext {
  const repos = createRepositories(db, now);
  // Session changes are told to every API process on the database through its NOTIFY (sessions.ts).
  const sessions = new SessionService(repos.sessions, config, now, db);
  memory.register('sessions', { forget: () => sessions.forget() });
  return {
    db,
    config,
    now,
    repos,
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx, now))),
    memory,
    sessions,
    // The throttle takes its own table lock, so it needs the database itself rather than a bound transaction.
    throttle: new LoginThrottle(new LoginFailuresRepository(db), now),
  };
}
