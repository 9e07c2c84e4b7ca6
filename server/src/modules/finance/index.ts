import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FinanceContext } from './deps';
import dashboardRoutes from './routes/dashboard';
import entryRoutes from './routes/entries';
import reportRoutes from './routes/reports';
import voidRoutes from './routes/voids';

/**
 * The finance endpoints (service paths under /api/): expenses and quick sales, reports and their CSV, the
 * dashboard's finance figures and pinned reports.
 */
const financeRoutes: FastifyPluginAsyncTypebox<{ ctx: FinanceContext }> = async (fastify, { ctx }) => {
  await fastify.register(entryRoutes, { ctx });
  await fastify.register(voidRoutes, { ctx });
  await fastify.register(reportRoutes, { ctx });
  await fastify.register(dashboardRoutes, { ctx });
};

export default financeRoutes;

export type { FinanceContext, FinanceRepos } from './deps';
