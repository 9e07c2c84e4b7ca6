import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { ItemsRepository } from '../inventory';
import type { StockTakesRepository } from './stock-takes-repository';

/** The repositories the stock-takes work with: their own, the stock they count, the trail. */
export interface StockRepos {
  stockTakes: StockTakesRepository;
  items: ItemsRepository;
  audit: AuditRepository;
}

export type StockContext = ModuleContext<StockRepos>;
