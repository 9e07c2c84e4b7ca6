import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { StockAnalyticsContext } from './deps';
import stockRoutes from './routes/aging';

/**
 * Stock analytics (issue 14): aged stock for the dashboard (`/api/stock/aging/`) and the margin-by-brand report
 * (`/api/reports/margins/` and its CSV). Consignment-in itself is part of inventory (the items it receives and
 * sells: inventory/consignment-service.ts).
 */
const stockAnalyticsRoutes: FastifyPluginAsyncTypebox<{ ctx: StockAnalyticsContext }> = async (
  fastify,
  { ctx },
) => {
  await fastify.register(stockRoutes, { ctx });
};

export default stockAnalyticsRoutes;
export type { StockAnalyticsContext, StockAnalyticsRepos } from './deps';
