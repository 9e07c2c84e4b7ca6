import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { SanctionsRepository } from './sanctions-repository';

/**
 * What sanctions screening works with: its repository and the trail, inside the caller's transaction. Every
 * writer that screens a client (the clients module at creation and renaming) and every writer guarded by the
 * hold (client-guard.ts) has these too.
 */
export interface SanctionsRepos {
  sanctions: SanctionsRepository;
  audit: AuditRepository;
}

export type SanctionsContext = ModuleContext<SanctionsRepos>;
