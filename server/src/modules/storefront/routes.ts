/*
 * STOREFRONT STAFF API (issue 24 item 1). Schemas: contracts/src/storefront.ts, paths: `endpoints.storefront`,
 * words: contracts/src/storefront-messages.ts. Every route needs a signed-in member of the shop; the PUTs need
 * `can(role, 'manageListings')` (platinum, gold) — 403 LISTINGS_NOT_ALLOWED otherwise.
 *
 *   GET /api/storefront/settings/ → { slug, enabled, publicUrl }
 *   PUT /api/storefront/settings/ { slug, enabled } → the same; 400 { slug: [...] } (3-40 lowercase letters,
 *       digits, hyphens), 409 { detail } when another shop uses the address.
 *   GET /api/storefront/items/{id}/listing/ → { itemId, listed, publicDescription, braceletMaterial,
 *       handlingDays, priceOnRequest, listedAt, publicUrl, online, notOnlineBecause }
 *   PUT /api/storefront/items/{id}/listing/ { listed, publicDescription, braceletMaterial, handlingDays,
 *       priceOnRequest } → the same; 404 for an item of another shop.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { StorefrontContext } from './deps';
import { StorefrontService } from './storefront-service';

const TAGS = ['storefront'];

const storefrontRoutes: FastifyPluginAsyncTypebox<{ ctx: StorefrontContext }> = async (fastify, { ctx }) => {
  const service = new StorefrontService(ctx);

  fastify.route({
    ...staffRoute(endpoints.storefront.settings, TAGS, {
      summary: "The shop's storefront: its public address and whether it is open",
    }),
    handler: async (request) => service.settings(shopCaller(request)),
  });

  fastify.route({
    ...staffRoute(endpoints.storefront.updateSettings, TAGS, {
      summary: "Sets the storefront's address (/store/{slug}/) and opens or closes it (platinum and gold)",
      response: { 409: Detail },
    }),
    handler: async (request) => service.updateSettings(shopCaller(request), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.storefront.listing, TAGS, {
      summary: "An item's online listing, whether it is on the storefront now and, if not, why",
    }),
    handler: async (request) => service.listing(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.storefront.updateListing, TAGS, {
      summary: 'Lists an item online (or takes it off) with its public description (platinum and gold)',
    }),
    handler: async (request) =>
      service.updateListing(shopCaller(request), pathId(request.params.id), request.body),
  });
};

export default storefrontRoutes;
