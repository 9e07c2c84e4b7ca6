import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { WorkshopRepository } from './workshop-repository';

/** The repositories of the workshop: its own tables and the audit trail every move is written to. */
export interface WorkshopRepos {
  workshop: WorkshopRepository;
  audit: AuditRepository;
}

export type WorkshopContext = ModuleContext<WorkshopRepos>;
