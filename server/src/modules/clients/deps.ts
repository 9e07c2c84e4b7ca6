import type { ModuleContext } from '../../kernel/context';
import type { AmlRepos, ClientGuardRepos } from '../compliance';
import type { ClientDocumentsRepository } from './client-documents-repository';
import type { ClientsRepository } from './clients-repository';
import type { LedgerRepository } from './ledger-repository';

/** The repositories the clients module works with: its own, and the AML guard's for payments in cash. */
export interface ClientsRepos extends AmlRepos, ClientGuardRepos {
  clients: ClientsRepository;
  clientDocuments: ClientDocumentsRepository;
  ledger: LedgerRepository;
}

export type ClientsContext = ModuleContext<ClientsRepos>;
