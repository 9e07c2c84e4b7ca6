import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { FinanceContext } from '../deps';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import { VoidBody } from '../../../kernel/reversals';
import { EntryVoidsService, VOID_EXPENSES, VOID_QUICK_SALES } from '../voids-service';

const TAGS = ['finance'];

/** Voids of expenses and quick sales (issue 12): a reversal entry dated the day of the void. */
const voidRoutes: FastifyPluginAsyncTypebox<{ ctx: FinanceContext }> = async (fastify, { ctx }) => {
  const voids = new EntryVoidsService(ctx);
  const doc = (noun: string) => ({
    summary: `Voids a ${noun} by a reversal entry dated today, with a reason (platinum and gold)`,
    body: VoidBody,
    response: { 409: Detail },
  });

  fastify.route({
    ...staffRoute(endpoints.expenses.void, TAGS, doc('expense')),
    handler: async (request) =>
      voids.void(VOID_EXPENSES, shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.quickSales.void, TAGS, doc('quick sale')),
    handler: async (request) =>
      voids.void(VOID_QUICK_SALES, shopCaller(request), pathId(request.params.id), request.body),
  });
};

export default voidRoutes;
