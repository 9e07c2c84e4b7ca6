import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { SalesContext } from '../deps';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { shopCaller } from '../../../kernel/shop-scope';
import { pathId } from '../../../kernel/validation';
import { DealsService } from '../deals-service';

const TAGS = ['sales'];

/** Deals (issue 20): create or check one, list and read them, and a reserved deal's instalments, completion and
 * cancellation; a completed deal's void. */
const dealRoutes: FastifyPluginAsyncTypebox<{ ctx: SalesContext }> = async (fastify, { ctx }) => {
  const deals = new DealsService(ctx);
  const conflict = { response: { 409: Detail } };

  fastify.route({
    ...staffRoute(endpoints.deals.list, TAGS, {
      summary: 'Lists deals, newest first (overdue: by collect-by day)',
    }),
    handler: async (request) => deals.list(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.deals.create, TAGS, {
      summary:
        'Completes a deal (lines, part-exchanges, payments) with its invoice, or reserves it on a deposit',
      ...conflict,
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await deals.create(shopCaller(request), request.body)),
  });

  fastify.route({
    ...staffRoute(endpoints.deals.check, TAGS, {
      summary: 'What a deal would come to and whether the AML guard lets its cash through; saves nothing',
      ...conflict,
    }),
    handler: async (request) => deals.check(shopCaller(request), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.deals.detail, TAGS, { summary: 'One deal: lines, payments, totals, invoice' }),
    handler: async (request) => deals.detail(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.deals.pay, TAGS, {
      summary: 'Takes an instalment on a reserved deal',
      ...conflict,
    }),
    handler: async (request) => deals.pay(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.deals.complete, TAGS, {
      summary: 'Completes a reserved deal with its last payments and issues the invoice',
      ...conflict,
    }),
    handler: async (request) => deals.complete(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.deals.cancel, TAGS, {
      summary: "Cancels a reserved deal: refund or forfeit by the shop's policy",
      ...conflict,
    }),
    handler: async (request) => deals.cancel(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.deals.void, TAGS, {
      summary: 'Voids a completed deal by reversal with one credit note (platinum and gold)',
      ...conflict,
    }),
    handler: async (request) => deals.void(shopCaller(request), pathId(request.params.id), request.body),
  });
};

export default dealRoutes;
