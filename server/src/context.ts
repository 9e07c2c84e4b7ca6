import type { Config } from './config';
import type { Db } from './db/database';
import { LoginThrottle } from './auth/login-throttle';
import { SessionService } from './auth/sessions';
import { LoginFailuresRepository } from './repositories/login-failures-repository';
import { MembershipsRepository } from './repositories/memberships-repository';
import { SessionsRepository } from './repositories/sessions-repository';
import { UsersRepository } from './repositories/users-repository';

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
