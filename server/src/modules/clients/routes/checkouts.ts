import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '../route-options';

const TAGS = ['clients'];

const checkoutRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx, service }) => {
  fastify.route({
    ...staffRoute(endpoints.clients.checkouts, TAGS, {
      summary: 'Every check-out of the client (items on approval), open or ended, newest first',
      description: 'Each one\u2019s approval note: `GET /api/checkouts/{id}/approval-note/`.',
    }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      await service.existing(shopId, id);
      const results = await ctx.repos.clients.checkouts(shopId, id);
      return { results, count: results.length };
    },
  });
};

export default checkoutRoutes;
