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
import type { Queryable } from '../../../db/database';
import { ApiError } from '../../../kernel/http-errors';
import { AuditRepository } from '../../../kernel/audit-repository';
import {
  ExpensesRepository,
  type DateFilter,
  type NewFinanceEntry,
} from '../expenses-repository';
import { QuickSalesRepository } from '../quick-sales-repository';
import { ReportsRepository } from '../reports-repository';
import { shopCaller } from '../../../kernel/shop-scope';
import { withErrors } from '../../../kernel/schemas';
import { invalidPage } from '../../inventory/item-input';
import { parseEntry, parseEntryQuery } from '../input';

const TAGS = ['finance'];
const NUMERIC_OUT_OF_RANGE = '22003';

interface EntryRepository<T> {
  insert(entry: NewFinanceEntry): Promise<T>;
  count(shopId: number, filter: DateFilter): Promise<number>;
  list(shopId: number, filter: DateFilter, limit: number, offset: number): Promise<T[]>;
}

/** Expenses and quick sales: the same form, list and audit, over two tables. */
const entryRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const reports = new ReportsRepository(ctx.db);

  function register(spec: {
    path: string;
    entity: 'expense' | 'sale';
    noun: string;
    item: typeof Expense | typeof QuickSale;
    list: typeof ExpenseList | typeof QuickSaleList;
    repo: (db: Queryable) => EntryRepository<Expense | QuickSale>;
  }) {
    fastify.get(
      spec.path,
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: `Lists ${spec.noun}s, newest first, paged, optionally between two days`,
          querystring: FinanceEntryQuery,
          response: withErrors({ 200: spec.list }),
        },
      },
      async (request) => {
        const { shopId } = shopCaller(request);
        const { filter, page, pageSize } = parseEntryQuery(request.query);
        const repo = spec.repo(ctx.db);
        const count = await repo.count(shopId, filter);
        const offset = (page - 1) * pageSize;
        // As DRF's PageNumberPagination: page 1 of nothing is an empty page, any other page past the end is 404.
        if (page > 1 && offset >= count) throw invalidPage();
        const results = count === 0 ? [] : await repo.list(shopId, filter, pageSize, offset);
        // One handler for two resources: each registration's response schema is its own row type.
        return { results, count } as never;
      },
    );

    fastify.post(
      spec.path,
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: `Records a ${spec.noun} (its GBP value is fixed with the rate given)`,
          body: FinanceEntryCreate,
          response: withErrors({ 201: spec.item }),
        },
      },
      async (request, reply) => {
        const { shopId, userId } = shopCaller(request);
        const now = ctx.now();
        const parsed = parseEntry(request.body, await reports.shopToday(shopId, now));
        try {
          const saved = await ctx.db.transaction(async (tx) => {
            const entry = await spec.repo(tx).insert({ ...parsed, shopId, userId, at: now });
            await new AuditRepository(tx).record({
              shopId,
              userId,
              entity: spec.entity,
              entityId: entry.id,
              action: 'create',
              after: entry,
              at: now,
            });
            return entry;
          });
          return reply.code(201).send(saved as never);
        } catch (error) {
          // amount × rate beyond the GBP column (12 digits before the point).
          if ((error as { code?: unknown }).code === NUMERIC_OUT_OF_RANGE) {
            throw new ApiError(400, {
              amount: ['Ensure the amount in GBP has no more than 12 digits before the decimal point.'],
            });
          }
          throw error;
        }
      },
    );
  }

  register({
    path: paths.expenses,
    entity: 'expense',
    noun: 'expense',
    item: Expense,
    list: ExpenseList,
    repo: (db) => new ExpensesRepository(db),
  });
  register({
    path: paths.quickSales,
    entity: 'sale',
    noun: 'quick sale',
    item: QuickSale,
    list: QuickSaleList,
    repo: (db) => new QuickSalesRepository(db),
  });
};

export default entryRoutes;
