import type { ModuleContext } from '../../kernel/context';
import type { LedgerRepository } from '../clients';
import type { AmlRepos, ClientGuardRepos } from '../compliance';
import type { ItemsRepository } from '../inventory';
import type { PurchasesRepository } from './purchases-repository';

/**
 * The repositories of a buy-in: its own records, the stock it enters (through inventory's createStockItems) and
 * the AML guard over cash paid out, every write on the trail.
 */
export interface PurchasesRepos extends AmlRepos, ClientGuardRepos {
  purchases: PurchasesRepository;
  items: ItemsRepository;
  /** The reversal of an item-form purchase's credit and debt postings when it is voided. */
  ledger: LedgerRepository;
}

export type PurchasesContext = ModuleContext<PurchasesRepos>;
