import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { itemAnswer } from '../../../kernel/costs';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import type { InventoryRouteOptions } from '../route-options';

const TAGS = ['inventory'];

/**
 * Check Out, Return and Promote: each changes the item's status under its row lock. (Sell and its void are the
 * sales module's: the one-line case of a deal.)
 */
const actionRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { service }) => {
  fastify.route({
    ...staffRoute(endpoints.items.checkOut, TAGS, {
      summary: 'Checks an available item out to a client (on approval)',
      response: { 409: Detail },
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return itemAnswer(caller, () => service.checkOut(caller, pathId(request.params.id), request.body));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.return, TAGS, {
      summary: 'Takes a checked-out item back into stock',
      response: { 409: Detail },
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return itemAnswer(caller, () => service.takeBack(caller, pathId(request.params.id)));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.promote, TAGS, {
      summary:
        'Features the item (shop window, top of the online listing), optionally at a promotional price',
      response: { 409: Detail },
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return itemAnswer(caller, () => service.promote(caller, pathId(request.params.id), request.body));
    },
  });
};

export default actionRoutes;
