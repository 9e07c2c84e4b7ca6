import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Client,
  ClientAuditList,
  ClientAuditQuery,
  ClientList,
  ClientQuery,
  ClientSummary,
  ClientWrite,
  paths,
  routes,
} from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { idPattern, pageOf, parsePagingOnly, pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '..';
import { ClientParams, parseClientQuery } from '../input';

const TAGS = ['clients'];

const clientRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx, service }) => {
  const clients = ctx.repos.clients;

  fastify.get(
    paths.clients,
    staffRoute(TAGS, {
      summary: 'Lists the shop\u2019s clients with search, filters, ordering and paging',
      querystring: ClientQuery,
      response: { 200: ClientList },
    }),
    async (request) => {
      const { shopId } = shopCaller(request);
      const query = parseClientQuery(request.query);
      return pageOf(query, await clients.count(shopId, query.filter), (limit, offset) =>
        clients.list(shopId, query.filter, query.ordering, limit, offset),
      );
    },
  );

  fastify.post(
    paths.clients,
    staffRoute(TAGS, {
      summary: 'Adds a client',
      body: ClientWrite,
      response: { 201: Client },
    }),
    async (request, reply) => {
      const client = await service.create(shopCaller(request), request.body);
      return reply.code(201).send(client);
    },
  );

  fastify.get(
    paths.clientsSummary,
    staffRoute(TAGS, {
      summary: 'Client counts, balances owed each way and the largest debtors and creditors (dashboard)',
      response: { 200: ClientSummary },
    }),
    async (request) => clients.summary(shopCaller(request).shopId),
  );

  fastify.get(
    idPattern(routes.client),
    staffRoute(TAGS, {
      summary: 'One client',
      params: ClientParams,
      response: { 200: Client },
    }),
    async (request) => {
      return service.existing(shopCaller(request).shopId, pathId(request.params.id));
    },
  );

  fastify.put(
    idPattern(routes.client),
    staffRoute(TAGS, {
      summary: 'Changes a client (name and email required; an omitted optional field keeps its value)',
      params: ClientParams,
      body: ClientWrite,
      response: { 200: Client },
    }),
    async (request) => {
      return service.update(shopCaller(request), pathId(request.params.id), request.body);
    },
  );

  fastify.get(
    idPattern(routes.clientAudit),
    staffRoute(TAGS, {
      summary: 'Who changed the client, when, and the values before and after (newest first)',
      params: ClientParams,
      querystring: ClientAuditQuery,
      response: { 200: ClientAuditList },
    }),
    async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      await service.existing(shopId, id);
      return pageOf(parsePagingOnly(request.query), await clients.auditCount(shopId, id), (limit, offset) =>
        clients.auditPage(shopId, id, limit, offset),
      );
    },
  );
};

export default clientRoutes;
