import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { WantsRepository } from './wants-repository';

/** The repositories of the wants module: its own tables and the audit trail every change is written to. */
export interface WantsRepos {
  wants: WantsRepository;
  audit: AuditRepository;
}

export type WantsContext = ModuleContext<WantsRepos>;
