import type { Expense, FinanceEntryCreate, QuickSale } from '@loupe/contracts';
import type { Static } from '@sinclair/typebox';
import { isNumericOutOfRange } from '../../kernel/db-errors';
import { ApiError, fieldErrors } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import type { FinanceContext, FinanceRepos } from './deps';
import type { DateFilter } from './entries-repository';
import { parseEntry } from './input';
import { recordAmlRefusal } from '../compliance';
import { recordQuickSale } from '../sales';

/** What expenses and quick sales have alike: the same form, list and audit, over two tables. */
export interface EntryRepository<T> {
  count(shopId: number, filter: DateFilter): Promise<number>;
  list(shopId: number, filter: DateFilter, limit: number, offset: number): Promise<T[]>;
}

export interface EntryKind {
  entity: 'expense' | 'sale';
  repo: (repos: FinanceRepos) => EntryRepository<Expense | QuickSale>;
}

export const EXPENSES: EntryKind = { entity: 'expense', repo: (repos) => repos.expenses };
export const QUICK_SALES: EntryKind = { entity: 'sale', repo: (repos) => repos.quickSales };

export class EntriesService {
  constructor(private readonly ctx: FinanceContext) {}

  /** A quick sale's buyer for its invoice: a client of this shop (400 otherwise), or a walk-in's name. */
  private async quickSaleBuyer(
    shopId: number,
    body: { clientId?: number | null; buyerName?: string },
  ): Promise<{ clientId: number | null; buyerName: string }> {
    const clientId = body.clientId ?? null;
    if (clientId !== null && !(await this.ctx.repos.items.clientNames(shopId, [clientId])).has(clientId)) {
      throw fieldErrors({ clientId: [`Invalid pk "${clientId}" - object does not exist.`] });
    }
    return { clientId, buyerName: clientId === null ? (body.buyerName ?? '').trim() : '' };
  }

  /** Records an expense or a quick sale with its audit record; its GBP value is fixed with the rate given. */
  async record(
    kind: EntryKind,
    { shopId, userId }: ShopCaller,
    body: Static<typeof FinanceEntryCreate> & { clientId?: number | null; buyerName?: string },
  ): Promise<Expense | QuickSale> {
    const now = this.ctx.now();
    const parsed = parseEntry(body, await this.ctx.repos.reports.shopToday(shopId, now));
    const buyer = kind === QUICK_SALES ? await this.quickSaleBuyer(shopId, body) : {};
    try {
      return await this.ctx.transaction(async (repos) => {
        let entry: Expense | QuickSale;
        if (kind === QUICK_SALES) {
          // The sales workflow's one-line case (issue 20): the AML guard, the sale row and its invoice, numbered
          // in this transaction; read back to carry the invoice's reference.
          const saleId = await recordQuickSale(repos, {
            ...parsed,
            clientId: null,
            buyerName: '',
            ...buyer,
            shopId,
            userId,
            at: now,
          });
          entry = (await repos.quickSales.find(shopId, saleId)) as QuickSale;
        } else {
          entry = await repos.expenses.insert({ ...parsed, shopId, userId, at: now });
        }
        await repos.audit.record({
          shopId,
          userId,
          entity: kind.entity,
          entityId: entry.id,
          action: 'create',
          after: entry,
          at: now,
        });
        return entry;
      });
    } catch (error) {
      await recordAmlRefusal(this.ctx, error);
      // amount × rate beyond the GBP column (12 digits before the point).
      if (isNumericOutOfRange(error)) {
        throw new ApiError(400, {
          amount: ['Ensure the amount in GBP has no more than 12 digits before the decimal point.'],
        });
      }
      throw error;
    }
  }
}
