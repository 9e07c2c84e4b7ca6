import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { itemAnswer } from '../../../kernel/costs';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import { ConsignmentService } from '../consignment-service';
import type { InventoryRouteOptions } from '../route-options';

const TAGS = ['inventory'];

/** Consignment-in (issue 14): an item received on memo goes back to its supplier. */
const consignmentRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { ctx }) => {
  const consignments = new ConsignmentService(ctx);
  fastify.route({
    ...staffRoute(endpoints.items.returnToSupplier, TAGS, {
      summary: 'Gives an available consignment item back to its supplier: it becomes unavailable',
      response: { 409: Detail },
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return itemAnswer(caller, () =>
        consignments.returnToSupplier(caller, pathId(request.params.id), request.body ?? {}),
      );
    },
  });
};

export default consignmentRoutes;
