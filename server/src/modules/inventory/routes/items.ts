import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  InventorySummary,
  Item,
  ItemCreate,
  ItemList,
  ItemQuery,
  ItemUpdate,
  paths,
  routes,
} from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { idPattern, pageOf, pathId } from '../../../kernel/validation';
import type { InventoryRouteOptions } from '..';
import { ItemParams } from '../common';
import { parseListQuery } from '../item-input';

const TAGS = ['inventory'];
const itemRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { ctx, service }) => {
  const items = ctx.repos.items;

  fastify.get(
    paths.items,
    staffRoute(TAGS, {
      summary: 'Lists stock with server-side filters, ordering and paging',
      querystring: ItemQuery,
      response: { 200: ItemList },
    }),
    async (request) => {
      const { shopId } = shopCaller(request);
      const { filter, ordering, ...paging } = parseListQuery(request.query);
      return pageOf(paging, await items.count(shopId, filter), (limit, offset) =>
        items.list(shopId, filter, ordering, limit, offset),
      );
    },
  );

  fastify.get(
    paths.itemsSummary,
    staffRoute(TAGS, {
      summary: 'Stock counts and values by type and status, and the latest watch purchases (dashboard)',
      response: { 200: InventorySummary },
    }),
    async (request) => items.summary(shopCaller(request).shopId),
  );

  fastify.get(
    idPattern(routes.item),
    staffRoute(TAGS, {
      summary: 'One item with its purchase transactions and images',
      params: ItemParams,
      response: { 200: Item },
    }),
    async (request) => {
      return service.existing(shopCaller(request).shopId, pathId(request.params.id));
    },
  );

  fastify.post(
    paths.items,
    staffRoute(TAGS, {
      summary: 'Adds an item; its purchase price is computed from the transactions',
      description:
        'Credit and debt transactions post +amount on the named client\u2019s ledger in the same transaction.',
      body: ItemCreate,
      response: { 201: Item },
    }),
    async (request, reply) => {
      const item = await service.create(shopCaller(request), request.body);
      return reply.code(201).send(item);
    },
  );

  fastify.put(
    idPattern(routes.item),
    staffRoute(TAGS, {
      summary: 'Edits an item; status, prices and transactions change only through actions',
      params: ItemParams,
      body: ItemUpdate,
      response: { 200: Item },
    }),
    async (request) => {
      return service.update(shopCaller(request), pathId(request.params.id), request.body);
    },
  );
};

export default itemRoutes;
