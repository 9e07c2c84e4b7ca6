import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { AuthContext, UsersRepository } from '../auth';
import type { MembershipsRepository } from './memberships-repository';

/** The repositories the shops module works with. */
export interface ShopsRepos {
  memberships: MembershipsRepository;
  users: UsersRepository;
  audit: AuditRepository;
}

/** What the membership routes are given: the module context, and the sessions a membership change reaches. */
export interface ShopsContext extends ModuleContext<ShopsRepos> {
  sessions: AuthContext['sessions'];
}
