import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STOCK_TAKE_NOT_CLOSED, endpoints, noItemWithSerial, stockNumberOf } from '@loupe/contracts';
import type { StockContext } from './deps';
import { ApiError, BLANK, conflict, fieldErrors } from '../../kernel/http-errors';
import { pdfHeaders } from '../../kernel/pdf';
import { Detail, staffRoute } from '../../kernel/schemas';
import { itemFor } from '../../kernel/costs';
import { shopCaller } from '../../kernel/shop-scope';
import { pageOf, pagingOf, pathId } from '../../kernel/validation';
import { StockTakesService } from './stock-takes-service';
import { varianceCsv, varianceFileName, variancePdf } from './variance-report';

const TAGS = ['stock'];

/** Stock-takes (issue 14, rules in contracts/src/stock-takes.ts), and the serial lookup of the top bar's scanner. */
const stockTakeRoutes: FastifyPluginAsyncTypebox<{ ctx: StockContext }> = async (fastify, { ctx }) => {
  const service = new StockTakesService(ctx);
  const repo = ctx.repos.stockTakes;

  fastify.route({
    ...staffRoute(endpoints.items.bySerial, ['inventory'], {
      summary: "The shop's item with exactly this serial, or 404: what a scanned label opens",
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      const serial = request.query.serial.trim();
      if (serial === '') throw fieldErrors({ serial: [BLANK] });
      const found = await repo.itemBySerial(shopId, serial);
      // No such serial: the stock number typed or scanned instead ("1042", "#1042"; issue 22).
      const stockNumber = found ? null : stockNumberOf(serial);
      const id =
        found?.id ??
        (stockNumber === null ? null : await ctx.repos.items.idByStockNumber(shopId, stockNumber));
      const row = id !== null && (await ctx.repos.items.findRow(shopId, id));
      if (!row) throw new ApiError(404, { detail: noItemWithSerial(serial) });
      return itemFor(caller, row);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.list, TAGS, { summary: 'Counts of the shop, newest first' }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      const status = request.query.status;
      const count = await repo.count(shopId, status);
      const page = await pageOf(pagingOf(request.query), count, (limit, offset) =>
        repo.list(shopId, status, limit, offset),
      );
      return { count: page.count, results: await Promise.all(page.results.map((t) => repo.view(t))) };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.create, TAGS, {
      summary: 'Starts a count of the whole shop, or of one stock type and/or location',
    }),
    handler: async (request, reply) => {
      const take = await service.start(shopCaller(request), request.body);
      return reply.code(201).send(take);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.detail, TAGS, {
      summary: 'A count with its figures: live while open, frozen once closed',
    }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      return repo.view(await service.existing(shopId, pathId(request.params.id)));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.lines, TAGS, {
      summary: 'The found, missing or unexpected lines of a count',
    }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      const take = await service.existing(shopId, pathId(request.params.id));
      const { outcome } = request.query;
      const count = await repo.countLines(take, outcome);
      return pageOf(pagingOf(request.query), count, (limit, offset) =>
        repo.lines(take, outcome, limit, offset),
      );
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.scan, TAGS, {
      summary:
        'Adds a scanned or typed serial to an open count; a serial already scanned is not counted again',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const result = await service.scan(shopCaller(request), pathId(request.params.id), request.body.serial);
      return reply.code(result.duplicate ? 200 : 201).send(result);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.close, TAGS, {
      summary: 'Closes a count and freezes its result (platinum and gold); the stock itself is not changed',
      response: { 409: Detail },
    }),
    handler: async (request) => service.close(shopCaller(request), pathId(request.params.id)),
  });

  /** The closed count and its frozen lines, for the variance report. */
  async function closedReport(shopId: number, id: number) {
    const take = await service.existing(shopId, id);
    if (take.status === 'open') throw conflict(STOCK_TAKE_NOT_CLOSED);
    const [view, lines, shop] = await Promise.all([
      repo.view(take),
      repo.allLines(take.id),
      repo.shop(shopId),
    ]);
    return { view, lines, shop };
  }

  fastify.route({
    ...staffRoute(endpoints.stockTakes.varianceCsv, TAGS, {
      summary: 'The variance report of a closed count as CSV',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const { view, lines, shop } = await closedReport(shopId, pathId(request.params.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${varianceFileName(view, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(varianceCsv(lines, shop.timezone));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.variancePdf, TAGS, {
      summary: 'The variance report of a closed count as PDF',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const { view, lines, shop } = await closedReport(shopId, pathId(request.params.id));
      const bytes = await variancePdf(view, shop.name, lines, shop.timezone);
      return reply.headers(pdfHeaders(varianceFileName(view, 'pdf'), bytes.length)).send(bytes);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.stockTakes.markUnavailable, TAGS, {
      summary:
        'Follow-up of a closed count: marks a missing item unavailable with a reason (platinum and gold)',
      response: { 409: Detail },
    }),
    handler: async (request) =>
      service.markUnavailable(
        shopCaller(request),
        pathId(request.params.id),
        pathId(request.params.itemId),
        request.body.reason,
      ),
  });
};

export default stockTakeRoutes;
export type { StockContext, StockRepos } from './deps';
