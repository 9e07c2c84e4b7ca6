import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from './audit-repository';

/**
 * The repositories the audit routes work with: the trail itself, and the few look-ups of the records it
 * describes. Every module writes the trail, so this one names only the calls it makes of theirs (a client
 * or an item that exists in the shop, the shop's day) instead of importing them.
 */
export interface AuditRepos {
  audit: AuditRepository;
  clients: { find(shopId: number, id: number): Promise<object | null> };
  items: { findRow(shopId: number, id: number): Promise<object | null> };
  reports: { shopToday(shopId: number, at: Date): Promise<string> };
}

export type AuditContext = ModuleContext<AuditRepos>;
