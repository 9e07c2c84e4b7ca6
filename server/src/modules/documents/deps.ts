import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { AuthContext } from '../auth';
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

/** The module context, and the sessions a change of the shop's settings reaches (they carry what roles may do). */
export interface DocumentsContext extends ModuleContext<DocumentsRepos> {
  sessions: Pick<AuthContext['sessions'], 'forgetShop'>;
}
