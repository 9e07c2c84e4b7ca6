import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PurchasesContext } from './deps';
import purchaseRoutes from './routes';

/**
 * The purchases module (issue 22, items 1 and 2): buy-ins from clients as numbered purchase documents, with the
 * due-diligence rules of Shop Settings, the AML guard over cash paid out, void by reversal and the purchase
 * invoice PDF. Its data is read elsewhere through purchase_records, purchase_line_records and
 * purchase_payment_records (tables.ts).
 */
const purchasesRoutes: FastifyPluginAsyncTypebox<{ ctx: PurchasesContext }> = async (fastify, { ctx }) => {
  await fastify.register(purchaseRoutes, { ctx });
};

export default purchasesRoutes;
export { PurchasesService, dueDiligenceMissing } from './purchases-service';
export { PurchasesRepository } from './purchases-repository';
export type { PurchasesContext, PurchasesRepos } from './deps';
