import type { LedgerEntry, LedgerVoidResult } from '@loupe/contracts';
import type { ClientsContext } from './deps';
import { isNumericOutOfRange } from '../../kernel/db-errors';
import { conflict, notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import {
  assertVoidable,
  guardDoubleVoid,
  requireVoider,
  reversalNote,
  voidReason,
} from '../../kernel/reversals';

/**
 * 409 for a posting of a stock purchase on credit or debt (source 'item_transaction'): it is one side of the
 * item's purchase price, so voiding it alone would leave the item's cost and the client's balance disagreeing.
 * It is corrected on the item, where both move together.
 */
export const STOCK_POSTING_NOT_VOIDABLE =
  'This entry was posted by a stock purchase and cannot be voided here: correct it on the item.';

/** 409: the balance without this entry is beyond what the balance column holds (12 digits before the point). */
export const VOID_BALANCE_OVERFLOW =
  'Voiding this entry would take the balance beyond \u00a3999,999,999,999.99.';

/**
 * Voids a client's ledger payment or charge (issue 12): a reversal entry of the opposite amount in the same
 * currency and at the same rate (its GBP value the original's exactly negated, so the balance returns to the
 * penny), the same method, dated the day of the void, noted "Void of #id: reason"; the client's balance moves
 * with it, and the audit record is written, in one transaction. The original entry is never changed.
 */
export class LedgerVoidsService {
  constructor(private readonly ctx: ClientsContext) {}

  async void(
    caller: ShopCaller,
    clientId: number,
    entryId: number,
    body: { reason?: string },
  ): Promise<LedgerVoidResult> {
    requireVoider(caller);
    const { shopId, userId } = caller;
    const { repos } = this.ctx;
    // Another shop's client or entry, or an entry of another client: not found, before a word about the body.
    if (!(await repos.clients.find(shopId, clientId))) throw notFound();
    if ((await repos.ledger.clientOf(shopId, entryId)) !== clientId) throw notFound();
    const reason = voidReason(body);
    const now = this.ctx.now();
    const today = await repos.clients.shopToday(shopId, now);

    return guardDoubleVoid(() =>
      this.ctx.transaction(async ({ clients, ledger, audit }) => {
        // The client row lock orders every posting to this client (ledger-repository.ts): a second void of the
        // same entry waits here, then finds the first one's reversal.
        const client = await clients.find(shopId, clientId, true);
        if (!client) throw notFound();
        const original = await ledger.find(shopId, entryId);
        if (!original) throw notFound();
        assertVoidable(original);
        if (original.source === 'item_transaction') throw conflict(STOCK_POSTING_NOT_VOIDABLE);
        const posted = await ledger.postReversal(clientId, {
          shopId,
          originalId: entryId,
          date: today,
          reason,
          notes: reversalNote(entryId, reason),
          userId,
          at: now,
        });
        if (!posted) throw notFound();
        await audit.record({
          shopId,
          userId,
          entity: 'ledger_entry',
          entityId: entryId,
          action: 'void',
          before: { balance: client.balance },
          after: {
            reason,
            reversalId: posted.id,
            amountGbp: original.amountGbp,
            clientId,
            balance: Number(posted.balance),
          },
          at: now,
        });
        return {
          entry: (await ledger.find(shopId, entryId)) as LedgerEntry,
          reversal: (await ledger.find(shopId, posted.id)) as LedgerEntry,
          balance: Number(posted.balance),
        };
      }),
    ).catch((error: unknown) => {
      // Nothing was written (the transaction rolled back); the entry stays as it was, and this says why.
      if (isNumericOutOfRange(error)) throw conflict(VOID_BALANCE_OVERFLOW);
      throw error;
    });
  }
}
