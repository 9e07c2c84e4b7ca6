import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { LoginThrottle } from './login-throttle';
import type { SessionService } from './sessions';
import type { SessionsRepository } from './sessions-repository';
import type { UsersRepository } from './users-repository';

/** The repositories the auth module works with. */
export interface AuthRepos {
  users: UsersRepository;
  sessions: SessionsRepository;
  audit: AuditRepository;
  /**
   * The shops module's memberships, marked seen when the caller dismisses a new shop's notice. The shops
   * module builds on this one (its owners are accounts), so only the call made is named here.
   */
  memberships: { markSeen(userId: number, shopId: number, now: Date): Promise<boolean> };
}

/** What the auth routes are given: the module context, the live sessions and the sign-in throttle. */
export interface AuthContext extends ModuleContext<AuthRepos> {
  sessions: SessionService;
  throttle: LoginThrottle;
}
