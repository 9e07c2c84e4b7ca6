import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import { VoidBody } from '../../../kernel/reversals';
import { SaleVoidsService } from '../sale-voids-service';
import type { InventoryRouteOptions } from '../route-options';

const TAGS = ['inventory'];

/** Voiding a sold item's sale (issue 12). */
const saleVoidRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { ctx }) => {
  const voids = new SaleVoidsService(ctx);
  fastify.route({
    ...staffRoute(endpoints.items.voidSale, TAGS, {
      summary:
        'Voids the item\u2019s sale by a reversal dated today, with a reason; the item goes back to the status it had (platinum and gold)',
      body: VoidBody,
      response: { 409: Detail },
    }),
    handler: async (request) => voids.void(shopCaller(request), pathId(request.params.id), request.body),
  });
};

export default saleVoidRoutes;
