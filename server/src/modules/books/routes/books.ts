import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COSTS_NOT_ALLOWED, endpoints, VAT_FIGURE_LABELS } from '@loupe/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BooksContext } from '../deps';
import { requireAction, shopCaller } from '../../../kernel/shop-scope';
import { serializerQuery, staffRoute } from '../../../kernel/schemas';
import { pagingOf, pageOf } from '../../../kernel/validation';
import { pdfHeaders } from '../../../kernel/pdf';
import { BooksRepository, type Period } from '../books-repository';
import { exportCsv, exportFileName } from '../exports';
import { parsePeriod, parseStockBookFilters } from '../input';
import { stockBookCsv, stockBookFileName, stockBookPdf } from '../stock-book-files';

const TAGS = ['books'];

const sendCsv = (reply: FastifyReply, fileName: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from([csv], { objectMode: false }));

/** The stock book, the VAT figures and the accounting exports (issue 22): purchase prices and margins, 'viewCosts'. */
const bookRoutes: FastifyPluginAsyncTypebox<{ ctx: BooksContext }> = async (fastify, { ctx }) => {
  const books = new BooksRepository(ctx.db);

  /** The caller's shop and the period asked for; silver is refused unless the shop lets silver see costs. */
  const opening = async (request: FastifyRequest, query: { date_from?: string; date_to?: string }) => {
    const caller = shopCaller(request);
    requireAction(caller, 'viewCosts', COSTS_NOT_ALLOWED);
    const { today, stagger } = await books.shopCalendar(caller.shopId, ctx.now());
    return { shopId: caller.shopId, period: parsePeriod(query, today, stagger) };
  };

  const figures = async (shopId: number, period: Period) =>
    (await books.vatFigures(shopId, period)).map((f) => ({ ...f, label: VAT_FIGURE_LABELS[f.key] }));

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.books.stockBook, TAGS, {
        summary: 'The HMRC stock book of a period (VAT Notice 718): one row per item, purchase and sale side',
      }),
    ),
    handler: async (request) => {
      const { shopId, period } = await opening(request, request.query);
      const filters = parseStockBookFilters(request.query);
      const count = await books.stockBookCount(shopId, period, filters);
      const page = await pageOf(pagingOf(request.query), count, (limit, offset) =>
        books.stockBookRows(shopId, period, filters, limit, offset),
      );
      return { from: period.from, to: period.to, ...page };
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.books.stockBookCsv, TAGS, {
        summary: 'The stock book of a period as CSV (every row)',
      }),
    ),
    handler: async (request, reply) => {
      const { shopId, period } = await opening(request, request.query);
      const rows = await books.stockBookRows(shopId, period, parseStockBookFilters(request.query));
      return sendCsv(reply, stockBookFileName(period, 'csv'), stockBookCsv(rows));
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.books.stockBookPdf, TAGS, {
        summary: 'The stock book of a period as a PDF (A4 landscape, numbered pages)',
      }),
    ),
    handler: async (request, reply) => {
      const { shopId, period } = await opening(request, request.query);
      const [rows, name, totals] = await Promise.all([
        books.stockBookRows(shopId, period, parseStockBookFilters(request.query)),
        books.shopName(shopId),
        books.vatFigures(shopId, period),
      ]);
      const pdf = await stockBookPdf(name, period, rows, totals);
      return reply.headers(pdfHeaders(stockBookFileName(period, 'pdf'), pdf.length)).send(pdf);
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.books.vat, TAGS, {
        summary: 'The margin-scheme VAT figures of a period, each with the sales it is summed from',
      }),
    ),
    handler: async (request) => {
      const { shopId, period } = await opening(request, request.query);
      const [totals, rows] = await Promise.all([figures(shopId, period), books.vatRows(shopId, period)]);
      return { from: period.from, to: period.to, figures: totals, rows };
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.books.exports, TAGS, {
        summary: 'A period as CSV for Xero or QuickBooks Online (sales, credit notes, bills) or as payments',
      }),
    ),
    handler: async (request, reply) => {
      const { shopId, period } = await opening(request, request.query);
      const format = request.query.format;
      const csv = await exportCsv(ctx.db, shopId, format, period);
      return sendCsv(reply, exportFileName(format, period), csv);
    },
  });
};

export default bookRoutes;
