import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Expense,
  ExpenseList,
  FinanceEntryCreate,
  FinanceEntryQuery,
  QuickSale,
  QuickSaleList,
  paths,
} from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pageOf } from '../../../kernel/validation';
import { EXPENSES, EntriesService, QUICK_SALES, type EntryKind } from '../entries-service';
import { parseEntryQuery } from '../input';

const TAGS = ['finance'];

/** Expenses and quick sales: the same form, list and audit, over two tables. */
const entryRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const entries = new EntriesService(ctx);

  function register(spec: {
    path: string;
    kind: EntryKind;
    noun: string;
    item: typeof Expense | typeof QuickSale;
    list: typeof ExpenseList | typeof QuickSaleList;
  }) {
    fastify.get(
      spec.path,
      staffRoute(TAGS, {
        summary: `Lists ${spec.noun}s, newest first, paged, optionally between two days`,
        querystring: FinanceEntryQuery,
        response: { 200: spec.list },
      }),
      async (request) => {
        const { shopId } = shopCaller(request);
        const { filter, ...paging } = parseEntryQuery(request.query);
        const repo = spec.kind.repo(ctx.repos);
        const page = await pageOf(paging, await repo.count(shopId, filter), (limit, offset) =>
          repo.list(shopId, filter, limit, offset),
        );
        // One handler for two resources: each registration's response schema is its own row type.
        return page as never;
      },
    );

    fastify.post(
      spec.path,
      staffRoute(TAGS, {
        summary: `Records a ${spec.noun} (its GBP value is fixed with the rate given)`,
        body: FinanceEntryCreate,
        response: { 201: spec.item },
      }),
      async (request, reply) => {
        const saved = await entries.record(spec.kind, shopCaller(request), request.body);
        // One handler for two resources: each registration's response schema is its own row type.
        return reply.code(201).send(saved as never);
      },
    );
  }

  register({
    path: paths.expenses,
    kind: EXPENSES,
    noun: 'expense',
    item: Expense,
    list: ExpenseList,
  });
  register({
    path: paths.quickSales,
    kind: QUICK_SALES,
    noun: 'quick sale',
    item: QuickSale,
    list: QuickSaleList,
  });
};

export default entryRoutes;
