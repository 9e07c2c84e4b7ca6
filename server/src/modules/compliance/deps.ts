import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { AmlRepository } from './aml-repository';

/** What the AML guard works with, inside the writer's transaction: every writer of cash has these too. */
export interface AmlRepos {
  aml: AmlRepository;
  audit: AuditRepository;
}

/**
 * The repositories of the compliance routes. The clients module runs the guard (it imports this one), so of
 * its repository only the call made here is named: the shop's day.
 */
export interface ComplianceRepos extends AmlRepos {
  clients: { shopToday(shopId: number, at: Date): Promise<string> };
}

export type ComplianceContext = ModuleContext<ComplianceRepos>;
