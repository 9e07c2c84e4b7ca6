import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { LedgerRepository } from '../clients';
import type { CheckoutsRepository } from './checkouts-repository';
import type { ConsignmentsRepository } from './consignments-repository';
import type { ItemsRepository } from './items-repository';

/** What a consignment item's sale posts (and its void reverses) in the seller's transaction: the supplier's due. */
export interface ConsignmentPayableRepos {
  consignments: ConsignmentsRepository;
  ledger: LedgerRepository;
}

/** The repositories the inventory module works with: stock, its check-outs and consignments, postings, trail. */
export interface InventoryRepos extends ConsignmentPayableRepos {
  items: ItemsRepository;
  checkouts: CheckoutsRepository;
  audit: AuditRepository;
}

export type InventoryContext = ModuleContext<InventoryRepos>;
