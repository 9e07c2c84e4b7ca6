import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { SalesContext } from '../deps';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { dealFor } from '../../../kernel/costs';
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
    handler: async (request) => {
      const caller = shopCaller(request);
      const page = await deals.list(caller, request.query);
      return { ...page, results: page.results.map((deal) => dealFor(caller, deal)) };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.deals.create, TAGS, {
      summary:
        'Completes a deal (lines, part-exchanges, payments) with its invoice, or reserves it on a deposit',
      ...conflict,
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      return reply.code(201).send(dealFor(caller, await deals.create(caller, request.body)));
    },
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
    handler: async (request) => {
      const caller = shopCaller(request);
      return dealFor(caller, await deals.detail(caller, pathId(request.params.id)));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.deals.pay, TAGS, {
      summary: 'Takes an instalment on a reserved deal',
      ...conflict,
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return dealFor(caller, await deals.pay(caller, pathId(request.params.id), request.body));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.deals.complete, TAGS, {
      summary: 'Completes a reserved deal with its last payments and issues the invoice',
      ...conflict,
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return dealFor(caller, await deals.complete(caller, pathId(request.params.id), request.body));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.deals.cancel, TAGS, {
      summary: "Cancels a reserved deal: refund or forfeit by the shop's policy",
      ...conflict,
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return dealFor(caller, await deals.cancel(caller, pathId(request.params.id), request.body));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.deals.void, TAGS, {
      summary: 'Voids a completed deal by reversal with one credit note (platinum and gold)',
      ...conflict,
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return dealFor(caller, await deals.void(caller, pathId(request.params.id), request.body));
    },
  });
};

export default dealRoutes;
