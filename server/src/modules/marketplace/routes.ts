/*
 * MARKETPLACE API (issue 24 items 3-4). Schemas: contracts/src/feed-schemas.ts, rules: contracts/src/feeds.ts,
 * paths: `endpoints.marketplace`. Every route needs a signed-in member of the shop.
 *
 *   GET  /api/marketplace/channels/                     → { results: MarketplaceChannel[], count }   manageChannels
 *        each feed with its secret URL (null until the storefront has an address), live (the storefront on),
 *        rotatedAt, and how many items on the storefront are in it or kept out of it.
 *   POST /api/marketplace/channels/{channel}/rotate/    → MarketplaceChannel (a new token; audited) manageChannels
 *   GET  /api/marketplace/channels/{channel}/items/?excluded&page&page_size
 *        → { results: MarketplaceChannelItem[], count }: the items on the storefront, kept-out first with the
 *        reasons ("no reference number")                                                         manageChannels
 *   GET  /api/marketplace/items/{id}/                   → MarketplaceItem: per channel included + problems
 *   GET  /api/marketplace/sale-reports/?status=open|done|all&page&page_size → { results: SaleReport[], count }
 *   POST /api/marketplace/sale-reports/{id}/done/       → SaleReport (audited); 409 when done, closed or pending
 * An unknown channel is a 404; manageChannels is platinum and gold (403 for silver).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { MarketplaceContext } from './deps';
import { MarketplaceService } from './marketplace-service';

const TAGS = ['marketplace'];
const CHANNEL_PARAM = '(^[a-z0-9]{1,20})';

/** A route whose `:channel` is a word, not a number (staffRoute's pattern admits numeric parameters only). */
const channelUrl = (path: string) => path.replace(':channel/', `:channel${CHANNEL_PARAM}/`);

const marketplaceRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketplaceContext }> = async (
  fastify,
  { ctx },
) => {
  const service = new MarketplaceService(ctx);

  fastify.route({
    ...staffRoute(endpoints.marketplace.channels, TAGS, {
      summary: "The shop's marketplace feeds: secret addresses and how many items each holds",
    }),
    handler: async (request) => service.channels(shopCaller(request)),
  });

  fastify.route({
    ...staffRoute(endpoints.marketplace.rotate, TAGS, {
      summary: 'Gives a feed a new secret address; the old one answers 404 at once',
    }),
    url: channelUrl(endpoints.marketplace.rotate.path),
    handler: async (request) =>
      service.rotate(shopCaller(request), (request.params as { channel: string }).channel),
  });

  fastify.route({
    ...staffRoute(endpoints.marketplace.channelItems, TAGS, {
      summary: 'The items on the storefront, in the feed or kept out of it with the reasons',
    }),
    url: channelUrl(endpoints.marketplace.channelItems.path),
    handler: async (request) =>
      service.channelItems(
        shopCaller(request),
        (request.params as { channel: string }).channel,
        request.query,
      ),
  });

  fastify.route({
    ...staffRoute(endpoints.marketplace.item, TAGS, {
      summary: "An item's place in each feed: included, or the reasons it is kept out",
    }),
    handler: async (request) => service.item(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.marketplace.saleReports, TAGS, {
      summary: 'Sales to report to Chrono24 (its 7-day rule): open, done or all',
    }),
    handler: async (request) => service.saleReports(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.marketplace.saleReportDone, TAGS, {
      summary: 'Marks a sale as reported to Chrono24',
      response: { 409: Detail },
    }),
    handler: async (request) => service.markDone(shopCaller(request), pathId(request.params.id)),
  });
};

export default marketplaceRoutes;
