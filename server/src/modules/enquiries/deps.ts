import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { ClientsRepos } from '../clients';
import type { EnquiriesRepository } from './enquiries-repository';

/**
 * The enquiries module's repositories: its own, the audit trail, and the clients module's (a conversion makes
 * a client through the clients module's own service, ClientsService, so its rules and trail hold).
 */
export interface EnquiriesRepos extends ClientsRepos {
  enquiries: EnquiriesRepository;
  audit: AuditRepository;
}

export type EnquiriesContext = ModuleContext<EnquiriesRepos>;

/** What the public POST needs: the module's own repository. */
export type EnquiriesPublicContext = ModuleContext<{ enquiries: EnquiriesRepository }>;
