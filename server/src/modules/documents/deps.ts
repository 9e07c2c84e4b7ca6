import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { MembershipsRepository } from '../shops';
import type { InvoicesRepository } from './invoices-repository';
import type { SettingsRepository } from './settings-repository';

/** The repositories the documents module works with. */
export interface DocumentsRepos {
  settings: SettingsRepository;
  invoices: InvoicesRepository;
  /** The shop's row, where its time zone lives (the shops module owns it). */
  memberships: MembershipsRepository;
  audit: AuditRepository;
  /** The shop's day, for the name of a download. */
  reports: { shopToday(shopId: number, at: Date): Promise<string> };
}

export type DocumentsContext = ModuleContext<DocumentsRepos>;
