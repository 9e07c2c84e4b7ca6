import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { SalesContext } from '../deps';
import { VoidBody } from '../../../kernel/reversals';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { itemAnswer } from '../../../kernel/costs';
import { shopCaller } from '../../../kernel/shop-scope';
import { pathId } from '../../../kernel/validation';
import { ItemSalesService } from '../single-sales-service';

const TAGS = ['inventory'];

/** An item's Sell and the void of its sale: the one-line case of the deal workflow (issue 20). */
const itemSaleRoutes: FastifyPluginAsyncTypebox<{ ctx: SalesContext }> = async (fastify, { ctx }) => {
  const sales = new ItemSalesService(ctx);

  fastify.route({
    ...staffRoute(endpoints.items.sell, TAGS, {
      summary: 'Sells an available or checked-out item: status sold and a sale for the reports',
      response: { 409: Detail },
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return itemAnswer(caller, () => sales.sell(caller, pathId(request.params.id), request.body));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.voidSale, TAGS, {
      summary:
        'Voids the item\u2019s sale by a reversal dated today, with a reason; the item goes back to the status it had (platinum and gold)',
      body: VoidBody,
      response: { 409: Detail },
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      return itemAnswer(caller, () => sales.voidSale(caller, pathId(request.params.id), request.body));
    },
  });
};

export default itemSaleRoutes;
