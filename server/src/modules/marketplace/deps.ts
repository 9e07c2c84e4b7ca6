import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { MarketplaceRepository } from './marketplace-repository';

/** The marketplace's own records (feed tokens, sale reports), the storefront's views it reads, the trail. */
export interface MarketplaceRepos {
  marketplace: MarketplaceRepository;
  audit: AuditRepository;
}

export type MarketplaceContext = ModuleContext<MarketplaceRepos>;
