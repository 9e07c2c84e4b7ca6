import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_PINS_PER_USER, endpoints, reportNeedsCosts } from '@loupe/contracts';
import type { FinanceContext } from '../deps';
import { ApiError, notFound } from '../../../kernel/http-errors';
import type { PinRow } from '../pins-repository';
import { requireCostsForReport, seesCosts, withoutProfit } from '../../../kernel/costs';
import { shopCaller, type ShopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import { mondayOf, parseReportParams, periodFor } from '../input';

const TAGS = ['finance'];

const dashboardRoutes: FastifyPluginAsyncTypebox<{ ctx: FinanceContext }> = async (fastify, { ctx }) => {
  const { reports, financeDashboard: dashboard, pins } = ctx.repos;

  /** A pin with its report's totals as of today (a daily or monthly pin moves with the calendar). */
  async function withTotals(caller: ShopCaller, today: string, pin: PinRow) {
    const { shopId } = caller;
    const period = periodFor(
      pin.type,
      pin.range,
      today,
      pin.range === 'custom' ? { from: pin.from as string, to: pin.to as string } : undefined,
    );
    const { totals } = await reports.summary(shopId, period);
    return { ...pin, periodFrom: period.from, periodTo: period.to, totals: withoutProfit(caller, totals) };
  }

  fastify.route({
    ...staffRoute(endpoints.dashboard.finance, TAGS, {
      summary: 'Revenue, sales, purchases, profit, sales by method and recent watch sales (dashboard)',
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      const today = await reports.shopToday(shopId, ctx.now());
      const figures = await dashboard.figures(shopId, {
        today,
        weekStart: mondayOf(today),
        monthStart: `${today.slice(0, 7)}-01`,
      });
      const recentWatchSales = await dashboard.recentWatchSales(shopId);
      if (seesCosts(caller)) return { ...figures, recentWatchSales };
      // Without 'viewCosts': no purchases at cost, no profit, no sale's cost or profit (issue 21, item 6).
      const { purchases: _purchases, profitLoss: _profit, ...shown } = figures;
      return {
        ...shown,
        recentWatchSales: recentWatchSales.map(
          ({ cost: _cost, profit: _p, profitPercent: _percent, ...sale }) => sale,
        ),
      };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.pins.list, TAGS, {
      summary: "The caller's pinned reports with their current totals",
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId, userId } = caller;
      const today = await reports.shopToday(shopId, ctx.now());
      const results = [];
      for (const pin of await pins.list(shopId, userId)) {
        // A cost report pinned while the shop let silver see costs stays hidden until it does again.
        if (reportNeedsCosts(pin.type) && !seesCosts(caller)) continue;
        results.push(await withTotals(caller, today, pin));
      }
      return { results, count: results.length };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.pins.create, TAGS, {
      summary: 'Pins a report to the caller\'s dashboard ("Add to Dash"); the same report again is a 200',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const { shopId, userId } = caller;
      requireCostsForReport(caller, request.body.type);
      const today = await reports.shopToday(shopId, ctx.now());
      const period = parseReportParams(request.body, today);
      const custom = period.range === 'custom';
      const candidate = {
        shopId,
        userId,
        type: period.type,
        range: period.range,
        from: custom ? period.from : null,
        to: custom ? period.to : null,
        at: ctx.now(),
      };
      if ((await pins.count(shopId, userId)) >= MAX_PINS_PER_USER) {
        // Pinning one already there is still fine: it adds nothing.
        const existing = (await pins.list(shopId, userId)).find(
          (p) =>
            p.type === candidate.type &&
            p.range === candidate.range &&
            p.from === candidate.from &&
            p.to === candidate.to,
        );
        if (!existing) {
          throw new ApiError(400, {
            detail: `You can pin at most ${MAX_PINS_PER_USER} reports. Remove one from the dashboard first.`,
          });
        }
        return reply.code(200).send(await withTotals(caller, today, existing));
      }
      const { pin, created } = await pins.add(candidate);
      return reply.code(created ? 201 : 200).send(await withTotals(caller, today, pin));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.pins.delete, TAGS, {
      summary: "Removes one of the caller's pinned reports",
    }),
    handler: async (request, reply) => {
      const { shopId, userId } = shopCaller(request);
      if (!(await pins.remove(shopId, userId, pathId(request.params.id)))) throw notFound();
      return reply.code(204).send(null);
    },
  });
};

export default dashboardRoutes;
