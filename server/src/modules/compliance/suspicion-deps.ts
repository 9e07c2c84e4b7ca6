import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { SuspicionRepository } from './suspicion-repository';

/** What the suspicious activity reports work with: their repository, the trail, and the shop's day. */
export interface SuspicionRepos {
  suspicions: SuspicionRepository;
  audit: AuditRepository;
  clients: { shopToday(shopId: number, at: Date): Promise<string> };
}

export type SuspicionContext = ModuleContext<SuspicionRepos>;
