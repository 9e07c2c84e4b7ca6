import { onDealItems } from '../sales';
import { applyChrono24Rule } from './chrono24-rule';

/**
 * The marketplace module (issue 24 items 3-4): the Chrono24 and Google Shopping feeds at secret addresses under
 * the storefront (feed-routes.ts, in the public site), the staff API over them (routes.ts), and Chrono24's 7-day
 * rule (chrono24-rule.ts), told of every deal's items by the sales module inside the deal's transaction.
 * Its rules are contracts' feeds.ts; its tables are migration 039's.
 */
if (!onDealItems.includes(applyChrono24Rule)) onDealItems.push(applyChrono24Rule);

export { default } from './routes';
export { default as feedRoutes, feedXml } from './feed-routes';
export { MarketplaceRepository, type OfferRow } from './marketplace-repository';
export { newTokenNonce } from './feed-tokens';
export { MarketplaceService, feedUrl } from './marketplace-service';
export { addDays, applyChrono24Rule } from './chrono24-rule';
export type { MarketplaceContext, MarketplaceRepos } from './deps';
