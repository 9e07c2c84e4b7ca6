import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ItemConflict, ItemUpdate, endpoints } from '@loupe/contracts';
import { etagOf } from '../../../kernel/record-versions';
import { dayInZone } from '../../../kernel/pdf';
import { keptPayload } from '../../../kernel/kept-payloads';
import { SnapshotCache } from '../../../kernel/snapshot-cache';
import {
  itemAnswer,
  itemFor,
  pageFor,
  requireCostsForQuery,
  seesCosts,
  summaryFor,
} from '../../../kernel/costs';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pageOf, pathId } from '../../../kernel/validation';
import type { InventoryRouteOptions } from '../route-options';
import { parseListQuery } from '../item-input';

const TAGS = ['inventory'];
/** What Fastify names a JSON answer it serialized itself. */
const JSON_TYPE = 'application/json; charset=utf-8';
const itemRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { ctx, service }) => {
  const items = ctx.repos.items;
  // Stock list pages kept while the database is unchanged (STOCK_PAGE_CACHE_ENTRIES, kernel/snapshot-cache.ts):
  // the rows' days in stock count to today in the shop's zone, so a page holds until the shop's midnight at most.
  const pages = new SnapshotCache<Awaited<ReturnType<typeof items.listCounted>>>(ctx.db, {
    maxEntries: ctx.config.stockPageCacheEntries,
    now: ctx.now,
    keep: (page) => page !== null && page.timeZone !== null,
    stillTrue: (page, madeAt, now) =>
      page?.timeZone != null && dayInZone(madeAt, page.timeZone) === dayInZone(now, page.timeZone),
  });
  ctx.memory.register('stock list pages', { forget: () => pages.forget() });
  // A kept page's JSON, serialized once for each view of it (with costs or without): on a kept page, turning 25
  // rows into JSON again was about a tenth of the API's CPU (docs/perf/stock-page-profile.md, round 9).
  const pageJson = new WeakMap<object, Map<boolean, Buffer>>();

  fastify.route({
    ...staffRoute(endpoints.items.list, TAGS, {
      summary: 'Lists stock with server-side filters, ordering and paging',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      // Filtering or ordering by purchase price would reveal it row by row (issue 21, item 6).
      requireCostsForQuery(caller, request.query);
      const { filter, ordering, ...paging } = parseListQuery(request.query);
      // The count comes with the page's ids (issue 26); an empty page (none match, or past the end) counts alone.
      const offset = (paging.page - 1) * paging.pageSize;
      const counted = await pages.read(
        JSON.stringify([shopId, filter, ordering, paging.pageSize, offset]),
        () => items.listCounted(shopId, filter, ordering, paging.pageSize, offset),
      );
      if (!counted) {
        return pageFor(
          caller,
          await pageOf(paging, await items.count(shopId, filter), (limit, offset) =>
            items.list(shopId, filter, ordering, limit, offset),
          ),
        );
      }
      const page = await pageOf(paging, counted.count, async () => counted.results); // past the end: still a 404
      const costs = seesCosts(caller);
      let views = pageJson.get(counted);
      if (!views) pageJson.set(counted, (views = new Map()));
      let json = views.get(costs);
      if (json === undefined) {
        // The route's own serializer (its response schema), as Fastify would have run it on the object.
        // As a Buffer compressed once for each encoding while the page is kept (kernel/kept-payloads.ts).
        json = keptPayload(reply.serialize(pageFor(caller, page)) as string);
        views.set(costs, json);
      }
      return reply.type(JSON_TYPE).send(json as never);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.summary, TAGS, {
      summary: 'Stock counts and values by type and status, and the latest watch purchases (dashboard)',
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return summaryFor(caller, await items.summary(caller.shopId));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.detail, TAGS, {
      summary: 'One item with its purchase transactions and images',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const item = await service.existing(caller.shopId, pathId(request.params.id));
      return reply.header('etag', etagOf(item.version)).send(itemFor(caller, item));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.create, TAGS, {
      summary: 'Adds an item; its purchase price is computed from the transactions',
      description:
        'Credit and debt transactions post +amount on the named client\u2019s ledger in the same transaction.',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const item = await itemAnswer(caller, () => service.create(caller, request.body));
      return reply.code(201).send(item);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.update, TAGS, {
      summary: 'Edits an item; status, prices and transactions change only through actions',
      description:
        'Send the `version` the item was loaded at, or `If-Match: W/"<version>"` (which decides when both are ' +
        'sent). A stale version is a 409, a failed If-Match a 412, answering who changed the item, when, and ' +
        'the item now.',
      // The contract's body, but `version` may be left to an If-Match header.
      body: Type.Composite(
        [Type.Omit(ItemUpdate, ['version']), Type.Partial(Type.Pick(ItemUpdate, ['version']))],
        {
          additionalProperties: false,
        },
      ),
      response: { 409: ItemConflict, 412: ItemConflict },
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const item = await itemAnswer(caller, () =>
        service.update(caller, pathId(request.params.id), request.body, request.headers['if-match']),
      );
      return reply.header('etag', etagOf(item.version)).send(item);
    },
  });
};

export default itemRoutes;
