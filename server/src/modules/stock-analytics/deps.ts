import type { ModuleContext } from '../../kernel/context';
import type { ItemsRepository } from '../inventory';

/** The repositories stock analytics reads through the context (its own reports run on the database). */
export interface StockAnalyticsRepos {
  items: ItemsRepository;
}

export type StockAnalyticsContext = ModuleContext<StockAnalyticsRepos>;
