import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ClientConflict, ClientUpdate, endpoints } from '@loupe/contracts';
import { etagOf } from '../../../kernel/record-versions';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pageOf, pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '../route-options';
import { parseClientQuery } from '../input';

const TAGS = ['clients'];

const clientRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx, service }) => {
  const clients = ctx.repos.clients;

  fastify.route({
    ...staffRoute(endpoints.clients.list, TAGS, {
      summary: 'Lists the shop\u2019s clients with search, filters, ordering and paging',
    }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      const query = parseClientQuery(request.query);
      return pageOf(query, await clients.count(shopId, query.filter), (limit, offset) =>
        clients.list(shopId, query.filter, query.ordering, limit, offset),
      );
    },
  });

  fastify.route({
    ...staffRoute(endpoints.clients.create, TAGS, {
      summary: 'Adds a client',
    }),
    handler: async (request, reply) => {
      const client = await service.create(shopCaller(request), request.body);
      return reply.code(201).send(client);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.clients.summary, TAGS, {
      summary: 'Client counts, balances owed each way and the largest debtors and creditors (dashboard)',
    }),
    handler: async (request) => clients.summary(shopCaller(request).shopId),
  });

  fastify.route({
    ...staffRoute(endpoints.clients.detail, TAGS, {
      summary: 'One client',
    }),
    handler: async (request, reply) => {
      const client = await service.existing(shopCaller(request).shopId, pathId(request.params.id));
      return reply.header('etag', etagOf(client.version)).send(client);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.clients.update, TAGS, {
      summary: 'Changes a client (name and email required; an omitted optional field keeps its value)',
      description:
        'Send the `version` the client was loaded at, or `If-Match: W/"<version>"` (which decides when both are ' +
        'sent). A stale version is a 409, a failed If-Match a 412, answering who changed the client, when, and ' +
        'the client now.',
      // The contract's body, but `version` may be left to an If-Match header.
      body: Type.Composite(
        [Type.Omit(ClientUpdate, ['version']), Type.Partial(Type.Pick(ClientUpdate, ['version']))],
        {
          additionalProperties: false,
        },
      ),
      response: { 409: ClientConflict, 412: ClientConflict },
    }),
    handler: async (request, reply) => {
      const client = await service.update(
        shopCaller(request),
        pathId(request.params.id),
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(client.version)).send(client);
    },
  });
};

export default clientRoutes;
