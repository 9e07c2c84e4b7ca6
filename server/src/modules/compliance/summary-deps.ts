import type { ModuleContext } from '../../kernel/context';
import type { SummaryRepository } from './summary-repository';
import type { SuspicionRepository } from './suspicion-repository';

/** What the annual compliance summary reads: its own read model, the reports' counts and the shop's day. */
export interface SummaryRepos {
  summary: SummaryRepository;
  suspicions: SuspicionRepository;
  clients: { shopToday(shopId: number, at: Date): Promise<string> };
}

export type SummaryContext = ModuleContext<SummaryRepos>;
