import type { Expense, QuickSale } from '@loupe/contracts';
import type { FinanceContext, FinanceRepos } from './deps';
import { notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import {
  assertVoidable,
  guardDoubleVoid,
  requireVoider,
  reversalNote,
  voidReason,
  type NewReversal,
} from '../../kernel/reversals';
import { reverseQuickSale } from '../sales';

/** Expenses or quick sales, as a void reads them. */
interface VoidableEntries<T> {
  find(shopId: number, id: number, lock?: boolean): Promise<T | null>;
}

export interface VoidKind<T> {
  /** The original's entity in the audit trail, as its create was recorded. */
  entity: 'expense' | 'sale';
  repo: (repos: FinanceRepos) => VoidableEntries<T>;
  /** Writes the reversal (and for a sale its credit note) in the void's transaction. */
  reverse: (
    repos: FinanceRepos,
    reversal: NewReversal,
  ) => Promise<{ reversalId: number; creditNote: string | null }>;
}

export const VOID_EXPENSES: VoidKind<Expense> = {
  entity: 'expense',
  repo: (repos) => repos.expenses,
  reverse: async (repos, reversal) => ({
    reversalId: await repos.expenses.insertReversal(reversal),
    creditNote: null,
  }),
};
/** A quick sale is the sales module's (issue 20): its reversal, credit note and deal go through it. */
export const VOID_QUICK_SALES: VoidKind<QuickSale> = {
  entity: 'sale',
  repo: (repos) => repos.quickSales,
  reverse: reverseQuickSale,
};

/**
 * Voids an expense or a quick sale: a reversal row with the opposite amounts, dated the day of the void in the
 * shop's calendar (so the reports, summed from the rows by 006/010's triggers, show the void in the period it
 * was made and the original in its own), and the audit record, in one transaction. The original is never
 * changed; the answer is the original as it now reads, voided.
 */
export class EntryVoidsService {
  constructor(private readonly ctx: FinanceContext) {}

  async void<T extends Expense | QuickSale>(
    kind: VoidKind<T>,
    caller: ShopCaller,
    id: number,
    body: { reason?: string },
  ): Promise<T> {
    requireVoider(caller);
    const { shopId, userId } = caller;
    if (!(await kind.repo(this.ctx.repos).find(shopId, id))) throw notFound();
    const reason = voidReason(body);
    const now = this.ctx.now();
    const today = await this.ctx.repos.reports.shopToday(shopId, now);
    return guardDoubleVoid(() =>
      this.ctx.transaction(async (repos) => {
        const entries = kind.repo(repos);
        // The original's row lock: a second void of it waits here, then sees the first one's reversal.
        const original = await entries.find(shopId, id, true);
        if (!original) throw notFound();
        assertVoidable(original);
        // A voided quick sale's invoice is cancelled by a credit note, in the void's transaction (issue 13).
        const { reversalId, creditNote } = await kind.reverse(repos, {
          shopId,
          originalId: id,
          date: today,
          reason,
          notes: reversalNote(id, reason),
          userId,
          at: now,
        });
        await repos.audit.record({
          shopId,
          userId,
          entity: kind.entity,
          entityId: id,
          action: 'void',
          after: {
            reason,
            reversalId,
            amountGbp: original.amountGbp,
            // A quick sale's credit note, if its sale had an invoice.
            ...(kind.entity === 'sale' ? { creditNote } : {}),
          },
          at: now,
        });
        return (await entries.find(shopId, id)) as T;
      }),
    );
  }
}
