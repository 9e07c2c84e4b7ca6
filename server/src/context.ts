import type { Config } from './config';
import type { Db } from './db/database';
import { LoginThrottle } from './modules/auth/login-throttle';
import { SessionService } from './modules/auth/sessions';
import { LoginFailuresRepository } from './modules/auth/login-failures-repository';
import { MembershipsRepository } from './modules/shops/memberships-repository';
import { SessionsRepository } from './modules/auth/sessions-repository';
import { UsersRepository } from './modules/auth/users-repository';

/** What route modules are given: the database, the configuration, the clock and the services on top. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  users: UsersRepository;
  memberships: MembershipsRepository;
  sessions: SessionService;
  throttle: LoginThrottle;
}

export function createContext(db: Db, config: Config, now: () => Date): AppContext {
  return {
    db,
    config,
    now,
    users: new UsersRepository(db),
    memberships: new MembershipsRepository(db),
    sessions: new SessionService(new SessionsRepository(db), config, now),
    throttle: new LoginThrottle(new LoginFailuresRepository(db), now),
  };
}
