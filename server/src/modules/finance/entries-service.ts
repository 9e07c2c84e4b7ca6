import type { Expense, FinanceEntryCreate, QuickSale } from '@loupe/contracts';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { isNumericOutOfRange } from '../../kernel/db-errors';
import { ApiError, fieldErrors } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import type { Repositories } from '../../repositories';
import type { DateFilter, NewFinanceEntry } from './entries-repository';
import { parseEntry } from './input';
import { guardCash, recordAmlRefusal, type CashPayment } from '../compliance/aml-guard';

/** What expenses and quick sales have alike: the same form, list and audit, over two tables. */
export interface EntryRepository<T> {
  insert(entry: NewFinanceEntry): Promise<T>;
  count(shopId: number, filter: DateFilter): Promise<number>;
  list(shopId: number, filter: DateFilter, limit: number, offset: number): Promise<T[]>;
}

export interface EntryKind {
  entity: 'expense' | 'sale';
  repo: (repos: Repositories) => EntryRepository<Expense | QuickSale>;
}

export const EXPENSES: EntryKind = { entity: 'expense', repo: (repos) => repos.expenses };
export const QUICK_SALES: EntryKind = { entity: 'sale', repo: (repos) => repos.quickSales };

/** A quick sale as the AML cash guard reads it: its buyer, a client or a walk-in (issue 13). */
function quickSaleCash(
  body: Static<typeof FinanceEntryCreate> & { clientId?: number | null; buyerName?: string },
  parsed: ReturnType<typeof parseEntry>,
  shopId: number,
  userId: number,
  at: Date,
): CashPayment {
  const { name, amount, currency, exchangeRate, paymentMethod, date } = parsed;
  const buyer = { clientId: body.clientId ?? null, buyerName: body.buyerName };
  return {
    kind: 'quick_sale',
    shopId,
    userId,
    ...buyer,
    description: name,
    amount,
    currency,
    exchangeRate,
    paymentMethod,
    date,
    at,
  };
}

export class EntriesService {
  constructor(private readonly ctx: AppContext) {}

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
        // AML cash guard (issue 13), quick sales only: checked before the sale is saved, flagged after.
        const aml =
          kind === QUICK_SALES
            ? await guardCash(repos, quickSaleCash(body, parsed, shopId, userId, now))
            : null;
        let entry = await kind.repo(repos).insert({ ...parsed, ...buyer, shopId, userId, at: now });
        await aml?.flag(repos, { saleId: entry.id });
        if (kind === QUICK_SALES) {
          // The quick sale's invoice, numbered in this transaction (issue 13); read back to carry its reference.
          await repos.invoices.issueForSale({ shopId, userId, at: now }, entry.id);
          entry = (await repos.quickSales.find(shopId, entry.id)) ?? entry;
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
