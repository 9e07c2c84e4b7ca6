import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { StorefrontContext } from './deps';
import staffRoutes from './routes';

/**
 * The storefront module (issue 24 item 1): a shop's public catalogue of the items it lists. The staff API
 * (routes.ts) sets the storefront's address and each item's listing; the public pages, photos, sitemap and
 * robots.txt are served under /store by the public site (public-routes.ts, registered in src/public-site.ts).
 * Others read it through storefront_shops and storefront_offers (tables.ts) and build its addresses with urls.ts.
 */
const storefrontRoutes: FastifyPluginAsyncTypebox<{ ctx: StorefrontContext }> = async (fastify, { ctx }) => {
  await fastify.register(staffRoutes, { ctx });
};

export default storefrontRoutes;
export { StorefrontRepository, type Offer, type StoreShop } from './storefront-repository';
export { StorefrontService, notOnlineReason } from './storefront-service';
export { offerTitle } from './titles';
export {
  IMAGE_WIDTHS,
  IMAGE_FORMATS,
  STORE_PREFIX,
  imagePath,
  itemPath,
  robotsPath,
  sitemapPath,
  storePath,
  storefrontBase,
  titleSlug,
  type ImageFormat,
  type ImageWidth,
} from './urls';
export type { StorefrontContext, StorefrontRepos } from './deps';
