import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context';

/** The inventory endpoints (service paths under /api/). */
const inventoryRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async () => {};

export default inventoryRoutes;
