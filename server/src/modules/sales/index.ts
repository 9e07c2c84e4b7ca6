import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SalesContext } from './deps';
import dealRoutes from './routes/deals';
import itemSaleRoutes from './routes/item-sales';

export {
  DealsService,
  onDealItems,
  type DealItemsEvent,
  type DealItemsListener,
  type DealStep,
} from './deals-service';
export { SALES_REVERSAL } from './sale-reversal';
export { nextDocumentNumber, type DocumentKind } from './document-numbers';
export { parsePayments } from './deal-input';
export {
  ItemSalesService,
  NOT_SOLD,
  SALE_IN_DEAL,
  recordQuickSale,
  reverseQuickSale,
  type NewQuickSale,
} from './single-sales-service';

/**
 * The sales module (issue 20): the one sales workflow. A deal — stock items, other lines, part-exchanges, split
 * payments in and out, deposits and instalments — is one transaction through DealsService.
 */
const salesRoutes: FastifyPluginAsyncTypebox<{ ctx: SalesContext }> = async (fastify, { ctx }) => {
  await fastify.register(dealRoutes, { ctx });
  await fastify.register(itemSaleRoutes, { ctx });
};

export default salesRoutes;
export type { SaleRecordRepos, SalesContext, SalesRepos } from './deps';
