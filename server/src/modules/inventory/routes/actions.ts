import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Item, ItemCheckOut, ItemPromote, ItemReturn, ItemSell, routes } from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { idPattern, pathId } from '../../../kernel/validation';
import type { InventoryRouteOptions } from '..';
import { ItemParams } from '../common';

const TAGS = ['inventory'];

/** Sell, Check Out, Return and Promote: each changes the item's status under its row lock. */
const actionRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { service }) => {
  fastify.post(
    idPattern(routes.itemSell),
    staffRoute(TAGS, {
      summary: 'Sells an available or checked-out item: status sold and a sale for the reports',
      params: ItemParams,
      body: ItemSell,
      response: { 200: Item, 409: Detail },
    }),
    async (request) => service.sell(shopCaller(request), pathId(request.params.id), request.body),
  );

  fastify.post(
    idPattern(routes.itemCheckOut),
    staffRoute(TAGS, {
      summary: 'Checks an available item out to a client (on approval)',
      params: ItemParams,
      body: ItemCheckOut,
      response: { 200: Item, 409: Detail },
    }),
    async (request) => service.checkOut(shopCaller(request), pathId(request.params.id), request.body),
  );

  fastify.post(
    idPattern(routes.itemReturn),
    staffRoute(TAGS, {
      summary: 'Takes a checked-out item back into stock',
      params: ItemParams,
      body: ItemReturn,
      response: { 200: Item, 409: Detail },
    }),
    async (request) => service.takeBack(shopCaller(request), pathId(request.params.id)),
  );

  fastify.post(
    idPattern(routes.itemPromote),
    staffRoute(TAGS, {
      summary:
        'Features the item (shop window, top of the online listing), optionally at a promotional price',
      params: ItemParams,
      body: ItemPromote,
      response: { 200: Item, 409: Detail },
    }),
    async (request) => service.promote(shopCaller(request), pathId(request.params.id), request.body),
  );
};

export default actionRoutes;
