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
import type { AppContext } from '../../../context';
import { notFound } from '../../../kernel/http-errors';
import { AuditRepository } from '../../../kernel/audit-repository';
import { ClientsRepository, type ClientFields } from '../clients-repository';
import { shopCaller } from '../../../kernel/shop-scope';
import { withErrors } from '../../../kernel/schemas';
import {
  ClientParams,
  checkPage,
  idPattern,
  parseClientQuery,
  parseClientWrite,
  parsePagingOnly,
  pathId,
} from '../input';

const TAGS = ['clients'];
const FIELDS = ['name', 'email', 'phone', 'status', 'notes'] as const;

const fieldsOf = (client: Client): ClientFields => ({
  name: client.name,
  email: client.email,
  phone: client.phone,
  status: client.status,
  notes: client.notes,
});

/** The fields an update changed, as they were and as they are. */
function changes(before: ClientFields, after: ClientFields) {
  const changed = FIELDS.filter((f) => before[f] !== after[f]);
  return {
    changed,
    before: Object.fromEntries(changed.map((f) => [f, before[f]])),
    after: Object.fromEntries(changed.map((f) => [f, after[f]])),
  };
}

const clientRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const clients = new ClientsRepository(ctx.db);

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
      const { shopId, userId } = shopCaller(request);
      const fields = parseClientWrite(request.body);
      const now = ctx.now();
      const client = await ctx.db.transaction(async (tx) => {
        const repo = new ClientsRepository(tx);
        const id = await repo.insert(shopId, fields, now);
        await new AuditRepository(tx).record({
          shopId,
          userId,
          entity: 'client',
          entityId: id,
          action: 'create',
          after: fields,
          at: now,
        });
        return (await repo.find(shopId, id)) as Client;
      });
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
      const { shopId } = shopCaller(request);
      const client = await clients.find(shopId, pathId(request.params.id));
      if (!client) throw notFound();
      return client;
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
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      // Another shop's id is a 404 before a word is said about the body.
      if (!(await clients.find(shopId, id))) throw notFound();
      const now = ctx.now();
      return ctx.db.transaction(async (tx) => {
        const repo = new ClientsRepository(tx);
        const current = await repo.find(shopId, id, true);
        if (!current) throw notFound();
        const before = fieldsOf(current);
        const after = parseClientWrite(request.body, before);
        const diff = changes(before, after);
        // Saving the form unchanged changes nothing: no new updatedAt, nothing to audit.
        if (diff.changed.length === 0) return current;
        await repo.update(shopId, id, after, now);
        await new AuditRepository(tx).record({
          shopId,
          userId,
          entity: 'client',
          entityId: id,
          action: 'update',
          before: diff.before,
          after: diff.after,
          at: now,
        });
        return (await repo.find(shopId, id)) as Client;
      });
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
      if (!(await clients.find(shopId, id))) throw notFound();
      const paging = parsePagingOnly(request.query);
      const count = await clients.auditCount(shopId, id);
      const offset = checkPage(paging, count);
      const results = count === 0 ? [] : await clients.auditPage(shopId, id, paging.pageSize, offset);
      return { results, count };
    },
  );
};

export default clientRoutes;
