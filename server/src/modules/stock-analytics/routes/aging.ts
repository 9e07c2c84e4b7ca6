import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COSTS_NOT_ALLOWED, endpoints } from '@loupe/contracts';
import type { StockAnalyticsContext } from '../deps';
import { agingFor } from '../../../kernel/costs';
import { requireAction, shopCaller } from '../../../kernel/shop-scope';
import { serializerQuery, staffRoute } from '../../../kernel/schemas';
import { csvLine, textCell, valueCell } from '../../../kernel/csv';
import { AgingRepository } from '../aging-repository';
import { MarginsRepository, type MarginText } from '../margins-repository';
import { parseAgingQuery, parseMarginQuery } from '../stock-input';

const TAGS = ['stock'];

const marginCells = (t: MarginText, label: string) => [
  label,
  valueCell(t.sales),
  valueCell(t.salesGbp),
  valueCell(t.costGbp),
  valueCell(t.marginGbp),
  valueCell(t.marginPercent),
  valueCell(t.repairGbp),
  valueCell(t.shopMarginGbp),
];

/** Aged stock for the dashboard and the margin-by-brand report with its CSV (issue 14). */
const stockRoutes: FastifyPluginAsyncTypebox<{ ctx: StockAnalyticsContext }> = async (fastify, { ctx }) => {
  const aging = new AgingRepository(ctx.db);
  const margins = new MarginsRepository(ctx.db);

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.stock.aging, TAGS, {
        summary: '90+ day stock, average days to sell, approvals past due and consignments past return-by',
      }),
    ),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      const today = await ctx.repos.items.shopToday(shopId, ctx.now());
      const range = parseAgingQuery(request.query, today);
      const [over90, sell, memo, consigned] = await Promise.all([
        aging.over90(shopId, today),
        aging.averageDaysToSell(shopId, range),
        aging.memoOverdue(shopId, today),
        aging.consignmentOverdue(shopId, today),
      ]);
      return agingFor(caller, {
        today,
        over90,
        averageDaysToSell: sell.average,
        salesCounted: sell.count,
        from: range.from,
        to: range.to,
        memoOverdue: memo.lines,
        memoOverdueCount: memo.count,
        consignmentOverdue: consigned.lines,
        consignmentOverdueCount: consigned.count,
      });
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.reports.margins, TAGS, {
        summary:
          'Sales, cost of goods sold and margin per brand over a range (item sales; voids on their day)',
      }),
    ),
    handler: async (request) => {
      const caller = shopCaller(request);
      // Margins are profit: silver only when the shop allows it (issue 21).
      requireAction(caller, 'viewCosts', COSTS_NOT_ALLOWED);
      const { shopId } = caller;
      const range = parseMarginQuery(request.query);
      const figures = await margins.report(shopId, range);
      return { ...range, currency: 'GBP' as const, rows: figures.rows, totals: figures.totals };
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.reports.marginsCsv, TAGS, {
        summary: 'The margin-by-brand report as a CSV download',
      }),
    ),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      // Margins are profit: silver only when the shop allows it (issue 21).
      requireAction(caller, 'viewCosts', COSTS_NOT_ALLOWED);
      const { shopId } = caller;
      const range = parseMarginQuery(request.query);
      const { text } = await margins.report(shopId, range);
      let csv = csvLine([
        'Brand',
        'Sales',
        'Sales (GBP)',
        'Cost of goods sold (GBP)',
        'Margin (GBP)',
        'Margin %',
        // Issue 23 item 5: the workshop's repair costs and the shop's margin after them.
        'Repair costs (GBP)',
        'Shop margin (GBP)',
      ]);
      // Brands come from the catalogue, but a cell that reads as a formula is defused all the same.
      for (const row of text.rows) csv += csvLine(marginCells(row, textCell(row.label)));
      csv += csvLine(marginCells(text.totals, 'Total'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="loupe-margins-${range.from}-${range.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from([csv], { objectMode: false }));
    },
  });
};

export default stockRoutes;
