import type { ModuleContext } from '../../kernel/context';
import type { AmlRepos } from '../compliance';
import type { ItemsRepository } from '../inventory';
import type { PurchasesRepository } from './purchases-repository';

/**
 * The repositories of a buy-in: its own records, the stock it enters (through inventory's createStockItems) and
 * the AML guard over cash paid out, every write on the trail.
 */
export interface PurchasesRepos extends AmlRepos {
  purchases: PurchasesRepository;
  items: ItemsRepository;
}

export type PurchasesContext = ModuleContext<PurchasesRepos>;
