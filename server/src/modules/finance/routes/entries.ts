import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { FinanceContext } from '../deps';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pageOf } from '../../../kernel/validation';
import { EXPENSES, EntriesService, QUICK_SALES, type EntryKind } from '../entries-service';
import { parseEntryQuery } from '../input';

const TAGS = ['finance'];

/** Expenses and quick sales: the same form, list and audit, over two tables. */
const entryRoutes: FastifyPluginAsyncTypebox<{ ctx: FinanceContext }> = async (fastify, { ctx }) => {
  const entries = new EntriesService(ctx);

  function register(spec: {
    endpoints: typeof endpoints.expenses | typeof endpoints.quickSales;
    kind: EntryKind;
    noun: string;
  }) {
    fastify.route({
      ...staffRoute(spec.endpoints.list, TAGS, {
        summary: `Lists ${spec.noun}s, newest first, paged, optionally between two days`,
      }),
      handler: async (request) => {
        const { shopId } = shopCaller(request);
        const { filter, ...paging } = parseEntryQuery(request.query);
        const repo = spec.kind.repo(ctx.repos);
        const page = await pageOf(paging, await repo.count(shopId, filter), (limit, offset) =>
          repo.list(shopId, filter, limit, offset),
        );
        // One handler for two resources: each registration's response schema is its own row type.
        return page as never;
      },
    });

    fastify.route({
      ...staffRoute(spec.endpoints.create, TAGS, {
        summary: `Records a ${spec.noun} (its GBP value is fixed with the rate given)`,
      }),
      handler: async (request, reply) => {
        const saved = await entries.record(spec.kind, shopCaller(request), request.body);
        // One handler for two resources: each registration's response schema is its own row type.
        return reply.code(201).send(saved as never);
      },
    });
  }

  register({ endpoints: endpoints.expenses, kind: EXPENSES, noun: 'expense' });
  register({ endpoints: endpoints.quickSales, kind: QUICK_SALES, noun: 'quick sale' });
};

export default entryRoutes;
