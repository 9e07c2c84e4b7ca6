import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context';

/** The finance endpoints (service paths under /api/). */
const financeRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async () => {};

export default financeRoutes;
