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
import { withErrors } from '../../../kernel/schemas';
import { checkPage, idPattern, parsePagingOnly, pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '..';
import { ClientParams, parseClientQuery } from '../input';

const TAGS = ['clients'];

const clientRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx, service }) => {
  const clients = ctx.repos.clients;

  fastify.get(
    paths.clients,
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Lists the shop\u2019s clients with search, filters, ordering and paging',
        querystring: ClientQuery,
        response: withErrors({ 200: ClientList }),
      },
    },
    async (request) => {
      const { shopId } = shopCaller(request);
      const query = parseClientQuery(request.query);
      const count = await clients.count(shopId, query.filter);
      const offset = checkPage(query, count);
      const results =
        count === 0 ? [] : await clients.list(shopId, query.filter, query.ordering, query.pageSize, offset);
      return { results, count };
    },
  );

  fastify.post(
    paths.clients,
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Adds a client',
        body: ClientWrite,
        response: withErrors({ 201: Client }),
      },
    },
    async (request, reply) => {
      const client = await service.create(shopCaller(request), request.body);
      return reply.code(201).send(client);
    },
  );

  fastify.get(
    paths.clientsSummary,
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Client counts, balances owed each way and the largest debtors and creditors (dashboard)',
        response: withErrors({ 200: ClientSummary }),
      },
    },
    async (request) => clients.summary(shopCaller(request).shopId),
  );

  fastify.get(
    idPattern(routes.client),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'One client',
        params: ClientParams,
        response: withErrors({ 200: Client }),
      },
    },
    async (request) => {
      return service.existing(shopCaller(request).shopId, pathId(request.params.id));
    },
  );

  fastify.put(
    idPattern(routes.client),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Changes a client (name and email required; an omitted optional field keeps its value)',
        params: ClientParams,
        body: ClientWrite,
        response: withErrors({ 200: Client }),
      },
    },
    async (request) => {
      return service.update(shopCaller(request), pathId(request.params.id), request.body);
    },
  );

  fastify.get(
    idPattern(routes.clientAudit),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Who changed the client, when, and the values before and after (newest first)',
        params: ClientParams,
        querystring: ClientAuditQuery,
        response: withErrors({ 200: ClientAuditList }),
      },
    },
    async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      await service.existing(shopId, id);
      const paging = parsePagingOnly(request.query);
      const count = await clients.auditCount(shopId, id);
      const offset = checkPage(paging, count);
      const results = count === 0 ? [] : await clients.auditPage(shopId, id, paging.pageSize, offset);
      return { results, count };
    },
  );
};

export default clientRoutes;
