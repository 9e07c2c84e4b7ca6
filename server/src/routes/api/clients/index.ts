import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context';

/** The clients endpoints (service paths under /api/). */
const clientsRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async () => {};

export default clientsRoutes;
