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
import type { AppContext } from '../../../context';
import { notFound } from '../../../kernel/http-errors';
import { AuditRepository } from '../../../kernel/audit-repository';
import { ItemsRepository } from '../items-repository';
import { LedgerRepository } from '../../clients/ledger-repository';
import { shopCaller } from '../../../kernel/shop-scope';
import { withErrors } from '../../../kernel/schemas';
import { ItemParams, SERIAL_TAKEN, auditView, idPattern, pathId, translateWriteError } from '../common';
import {
  ErrorBag,
  checkTransactionClients,
  invalidPage,
  parseItemCreate,
  parseItemFields,
  parseListQuery,
} from '../item-input';

const TAGS = ['inventory'];
const PURCHASE_TOO_LARGE = {
  field: 'transactions',
  message: 'Ensure the purchase price has no more than 12 digits before the decimal point.',
};

const itemRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const items = new ItemsRepository(ctx.db);

  fastify.get(
    paths.items,
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Lists stock with server-side filters, ordering and paging',
        querystring: ItemQuery,
        response: withErrors({ 200: ItemList }),
      },
    },
    async (request) => {
      const { shopId } = shopCaller(request);
      const { filter, ordering, page, pageSize } = parseListQuery(request.query);
      const count = await items.count(shopId, filter);
      const offset = (page - 1) * pageSize;
      // As DRF's PageNumberPagination: page 1 of nothing is an empty page, any other page past the end is 404.
      if (page > 1 && offset >= count) throw invalidPage();
      const results = count === 0 ? [] : await items.list(shopId, filter, ordering, pageSize, offset);
      return { results, count };
    },
  );

  fastify.get(
    paths.itemsSummary,
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Stock counts and values by type and status, and the latest watch purchases (dashboard)',
        response: withErrors({ 200: InventorySummary }),
      },
    },
    async (request) => items.summary(shopCaller(request).shopId),
  );

  fastify.get(
    idPattern(routes.item),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'One item with its purchase transactions and images',
        params: ItemParams,
        response: withErrors({ 200: Item }),
      },
    },
    async (request) => {
      const { shopId } = shopCaller(request);
      const item = await items.find(shopId, pathId(request.params.id));
      if (!item) throw notFound();
      return item;
    },
  );

  fastify.post(
    paths.items,
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Adds an item; its purchase price is computed from the transactions',
        description:
          'Credit and debt transactions post +amount on the named client\u2019s ledger in the same transaction.',
        body: ItemCreate,
        response: withErrors({ 201: Item }),
      },
    },
    async (request, reply) => {
      const { shopId, userId } = shopCaller(request);
      const now = ctx.now();
      const today = await items.shopToday(shopId, now);
      const bag = new ErrorBag();
      const input = parseItemCreate(bag, request.body, today);
      const named = input.transactions.flatMap((t) =>
        t.type === 'cash' || t.clientId === null ? [] : [t.clientId],
      );
      const clients = await items.clientNames(shopId, named);
      checkTransactionClients(bag, input.transactions, clients);
      if (!bag.has('serial') && input.serial !== '' && (await items.serialTaken(shopId, input.serial))) {
        bag.add('serial', SERIAL_TAKEN);
      }
      bag.throwIfAny();

      let item: Item;
      try {
        item = await ctx.db.transaction(async (tx) => {
          const repo = new ItemsRepository(tx);
          const id = await repo.insert({ ...input, shopId, userId, at: now });
          const lines = await repo.insertTransactions(shopId, id, input.transactions, now);
          const ledger = new LedgerRepository(tx);
          // In client order: two purchases naming the same clients lock their balances in the same order.
          const postings = [...input.transactions.entries()].sort(
            ([, a], [, b]) => (a.clientId ?? 0) - (b.clientId ?? 0),
          );
          for (const [i, line] of postings) {
            if (line.type === 'cash' || line.clientId === null) continue;
            const what = [input.brand, input.model].filter(Boolean).join(' ') || input.stockType;
            await ledger.post({
              shopId,
              clientId: line.clientId,
              // Both move the balance towards the client (see ItemTransactionInput in the contracts).
              amount: line.amount,
              currency: 'GBP',
              exchangeRate: '1',
              method: line.type === 'credit' ? 'Stock credit' : 'Stock debt',
              date: input.purchasedOn,
              note:
                line.type === 'credit'
                  ? `Bought ${what} ${input.serial} on credit`
                  : `${what} ${input.serial} taken against debt`,
              source: { kind: 'item_transaction', id: (lines[i] as { id: number }).id },
              userId,
              at: now,
            });
          }
          const created = (await repo.find(shopId, id)) as Item;
          await new AuditRepository(tx).record({
            shopId,
            userId,
            entity: 'item',
            entityId: id,
            action: 'create',
            after: auditView(created),
            at: now,
          });
          return created;
        });
      } catch (error) {
        translateWriteError(error, PURCHASE_TOO_LARGE);
      }
      return reply.code(201).send(item);
    },
  );

  fastify.put(
    idPattern(routes.item),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Edits an item; status, prices and transactions change only through actions',
        params: ItemParams,
        body: ItemUpdate,
        response: withErrors({ 200: Item }),
      },
    },
    async (request) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      const now = ctx.now();
      const current = await items.find(shopId, id);
      if (!current) throw notFound();
      const today = await items.shopToday(shopId, now);
      const bag = new ErrorBag();
      const changes = parseItemFields(bag, request.body, today, current.purchasedOn);
      if (
        !bag.has('serial') &&
        changes.serial !== '' &&
        (await items.serialTaken(shopId, changes.serial, id))
      ) {
        bag.add('serial', SERIAL_TAKEN);
      }
      bag.throwIfAny();
      try {
        return await ctx.db.transaction(async (tx) => {
          const repo = new ItemsRepository(tx);
          const before = await repo.find(shopId, id, true);
          if (!before) throw notFound();
          await repo.update(shopId, id, changes, now);
          const after = (await repo.find(shopId, id)) as Item;
          await new AuditRepository(tx).record({
            shopId,
            userId,
            entity: 'item',
            entityId: id,
            action: 'update',
            before: auditView(before),
            after: auditView(after),
            at: now,
          });
          return after;
        });
      } catch (error) {
        return translateWriteError(error, PURCHASE_TOO_LARGE);
      }
    },
  );
};

export default itemRoutes;
