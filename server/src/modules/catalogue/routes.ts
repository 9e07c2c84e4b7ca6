/*
 * CATALOGUE API (issue 22, item 3) — the shop's brands and models. Schemas: contracts/src/catalogue.ts, paths:
 * `endpoints.catalogue`, words: contracts/src/catalogue-messages.ts. Reading needs a signed-in member of the
 * shop; every change needs can(role, 'manageCatalogue') (platinum), else 403. Every change answers the
 * catalogue as it now is.
 *
 *   GET  /api/catalogue/ → { brands: [{ id, name, retired, itemCount, models: [{ id, name, retired, itemCount }] }] }
 *        brands by name, models in the forms' order; retired entries included (flagged).
 *   POST /api/catalogue/brands/ { name } → 201; 409 when the shop has that brand already (any case).
 *   PUT  /api/catalogue/brands/{id}/ { name?, retired? } → rename (the items naming it follow) and/or retire
 *        (not offered for new items; items keep it) or unretire. 404 unknown id; 409 name taken.
 *   POST /api/catalogue/brands/{id}/merge/ { intoId } → the brand leaves the catalogue; its models join intoId's
 *        (one of the same name merges into it) and its items name intoId. 400 intoId unknown or the same;
 *        409 intoId retired.
 *   POST /api/catalogue/brands/{id}/models/ { name } → 201; 409 when the brand has that model already.
 *   PUT  /api/catalogue/models/{id}/ { name?, retired? } → as for a brand.
 *   POST /api/catalogue/models/{id}/merge/ { intoId } → into a model of the same brand (409 otherwise).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { CatalogueContext } from './deps';
import { CatalogueService } from './catalogue-service';

const TAGS = ['catalogue'];

const catalogueRoutes: FastifyPluginAsyncTypebox<{ ctx: CatalogueContext }> = async (fastify, { ctx }) => {
  const catalogue = new CatalogueService(ctx);
  const conflict = { response: { 409: Detail } };

  fastify.route({
    ...staffRoute(endpoints.catalogue.list, TAGS, {
      summary: "Lists the shop's brands and their models, retired ones flagged",
    }),
    handler: async (request) => catalogue.list(shopCaller(request)),
  });
  fastify.route({
    ...staffRoute(endpoints.catalogue.addBrand, TAGS, { summary: 'Adds a brand (platinum)', ...conflict }),
    handler: async (request, reply) =>
      reply.code(201).send(await catalogue.addBrand(shopCaller(request), request.body)),
  });
  fastify.route({
    ...staffRoute(endpoints.catalogue.updateBrand, TAGS, {
      summary: 'Renames, retires or unretires a brand (platinum); its items follow a rename',
      ...conflict,
    }),
    handler: async (request) =>
      catalogue.updateBrand(shopCaller(request), pathId(request.params.id), request.body),
  });
  fastify.route({
    ...staffRoute(endpoints.catalogue.mergeBrand, TAGS, {
      summary: 'Merges a brand into another (platinum); its models and items follow',
      ...conflict,
    }),
    handler: async (request) =>
      catalogue.mergeBrand(shopCaller(request), pathId(request.params.id), request.body),
  });
  fastify.route({
    ...staffRoute(endpoints.catalogue.addModel, TAGS, {
      summary: 'Adds a model to a brand (platinum)',
      ...conflict,
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await catalogue.addModel(shopCaller(request), pathId(request.params.id), request.body)),
  });
  fastify.route({
    ...staffRoute(endpoints.catalogue.updateModel, TAGS, {
      summary: 'Renames, retires or unretires a model (platinum); its items follow a rename',
      ...conflict,
    }),
    handler: async (request) =>
      catalogue.updateModel(shopCaller(request), pathId(request.params.id), request.body),
  });
  fastify.route({
    ...staffRoute(endpoints.catalogue.mergeModel, TAGS, {
      summary: 'Merges a model into another of the same brand (platinum); its items follow',
      ...conflict,
    }),
    handler: async (request) =>
      catalogue.mergeModel(shopCaller(request), pathId(request.params.id), request.body),
  });
};

export default catalogueRoutes;
