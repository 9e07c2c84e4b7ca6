import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LedgerList, LedgerPayment, LedgerPaymentResult, LedgerQuery, routes } from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { idPattern, pageOf, parsePagingOnly, pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '..';
import { ClientParams } from '../input';

const TAGS = ['clients'];

const ledgerRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx, service }) => {
  fastify.get(
    idPattern(routes.clientLedger),
    staffRoute(TAGS, {
      summary: 'The client\u2019s payments and charges, newest first',
      params: ClientParams,
      querystring: LedgerQuery,
      response: { 200: LedgerList },
    }),
    async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      await service.existing(shopId, id);
      const { ledger } = ctx.repos;
      return pageOf(parsePagingOnly(request.query), await ledger.count(shopId, id), (limit, offset) =>
        ledger.page(shopId, id, limit, offset),
      );
    },
  );

  fastify.post(
    idPattern(routes.clientLedger),
    staffRoute(TAGS, {
      summary:
        'Records a payment: received (the client paid the shop; balance up) or paid (the shop paid the client; down)',
      params: ClientParams,
      body: LedgerPayment,
      response: { 201: LedgerPaymentResult },
    }),
    async (request, reply) => {
      const result = await service.recordPayment(
        shopCaller(request),
        pathId(request.params.id),
        request.body,
      );
      return reply.code(201).send(result);
    },
  );
};

export default ledgerRoutes;
