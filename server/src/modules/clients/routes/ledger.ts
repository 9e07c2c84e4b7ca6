import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pageOf, pagingOf, pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '../route-options';

const TAGS = ['clients'];

const ledgerRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx, service }) => {
  fastify.route({
    ...staffRoute(endpoints.clients.ledger, TAGS, {
      summary: 'The client\u2019s payments and charges, newest first',
    }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      await service.existing(shopId, id);
      const { ledger } = ctx.repos;
      return pageOf(pagingOf(request.query), await ledger.count(shopId, id), (limit, offset) =>
        ledger.page(shopId, id, limit, offset),
      );
    },
  });

  fastify.route({
    ...staffRoute(endpoints.clients.recordPayment, TAGS, {
      summary:
        'Records a payment: received (the client paid the shop; balance up) or paid (the shop paid the client; down)',
    }),
    handler: async (request, reply) => {
      const result = await service.recordPayment(
        shopCaller(request),
        pathId(request.params.id),
        request.body,
      );
      return reply.code(201).send(result);
    },
  });
};

export default ledgerRoutes;
