import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import actionRoutes from './routes/actions';
import imageRoutes from './routes/images';
import itemRoutes from './routes/items';

/** The inventory endpoints (service paths under /api/items/): stock, its actions and its images. */
const inventoryRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  await fastify.register(itemRoutes, { ctx });
  await fastify.register(actionRoutes, { ctx });
  // Its own context: the multipart parser it registers stays out of the JSON routes.
  await fastify.register(imageRoutes, { ctx });
};

export default inventoryRoutes;
