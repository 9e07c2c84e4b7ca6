import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { feedProblems, isFeedChannel, type FeedChannel } from '@loupe/contracts';
import type { MarketplaceContext } from './deps';
import { FEED_CONTENT_TYPES, renderFeed } from './feed-xml';
import { FEED_TOKEN, tokenMatches } from './feed-tokens';

/*
 * THE FEEDS (issue 24 item 3), public: GET /store/{slug}/feeds/{channel}/{token}.xml — registered in the public
 * site (public-site.ts), so its paths here are relative to /store.
 *
 * Only the storefront's items right now (storefront_offers: listed, available, not in the workshop) that pass
 * the channel's rules (contracts' feedProblems), read live on every request: a sale removes the item from the
 * next fetch. Cache-Control allows at most one second of reuse (max-age=1), so no cache serves a sold piece
 * longer. A wrong token, a rotated one, another shop's, an unknown channel or a switched-off storefront are all
 * the same 404 page, which names no shop.
 */
const feedRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketplaceContext }> = async (fastify, { ctx }) => {
  fastify.get<{ Params: { slug: string; channel: string; file: string } }>(
    '/:slug/feeds/:channel/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug, channel, file } = request.params;
      const token = file.endsWith('.xml') ? file.slice(0, -4) : '';
      if (!isFeedChannel(channel) || !FEED_TOKEN.test(token)) return reply.callNotFound();
      const xml = await feedXml(ctx, slug, channel, token);
      if (xml === null) return reply.callNotFound();
      return reply
        .header('cache-control', 'private, max-age=1')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer')
        .type(FEED_CONTENT_TYPES[channel])
        .send(xml);
    },
  );
};

/** The feed's XML, or null when this address is not a live feed (the caller answers 404). */
export async function feedXml(
  ctx: MarketplaceContext,
  slug: string,
  channel: FeedChannel,
  token: string,
): Promise<string | null> {
  const { marketplace } = ctx.repos;
  const storefront = await marketplace.storefrontBySlug(slug);
  if (!storefront?.enabled) return null;
  const row = await marketplace.channel(storefront.shopId, channel);
  if (!row || !tokenMatches(ctx.config, storefront.shopId, channel, row.nonce, token)) return null;
  const offers = (await marketplace.offers(storefront.shopId)).filter(
    (o) => feedProblems(channel, o).length === 0,
  );
  const shop = {
    shopName: await marketplace.shopName(storefront.shopId),
    slug: storefront.slug,
    config: ctx.config,
  };
  return renderFeed(channel, shop, offers, ctx.now());
}

export default feedRoutes;
