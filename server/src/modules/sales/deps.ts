import type { ModuleContext } from '../../kernel/context';
import type { AmlRepos, ClientGuardRepos } from '../compliance';
import type { CheckoutsRepository, ConsignmentPayableRepos, ItemsRepository } from '../inventory';
import type { DealDocumentsRepository } from './deal-documents-repository';
import type { DealsRepository } from './deals-repository';
import type { SaleDocumentsRepository } from './sale-documents-repository';

/**
 * A sale's own records: the deal with its lines and payments, the sale rows and the documents, each cash
 * payment checked by the AML guard and every write on the trail. A quick sale (finance) writes only these.
 */
export interface SaleRecordRepos extends AmlRepos, ClientGuardRepos {
  deals: DealsRepository;
  dealDocuments: DealDocumentsRepository;
  saleDocuments: SaleDocumentsRepository;
}

/** The repositories the sales workflow works with: its records, and the stock it sells with its payables. */
export interface SalesRepos extends SaleRecordRepos, ConsignmentPayableRepos {
  items: ItemsRepository;
  checkouts: CheckoutsRepository;
}

export type SalesContext = ModuleContext<SalesRepos>;
