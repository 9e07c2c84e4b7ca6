import { ALREADY_VOIDED, type Item } from '@loupe/contracts';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { reverseConsignmentPayable } from './consignment-service';
import { guardDoubleVoid, requireVoider, reversalNote, voidReason } from '../../kernel/reversals';

/** 409: the item has no sale standing (never sold, or its sale was voided and it was not sold again). */
export const NOT_SOLD = 'This item has not been sold.';

/**
 * Voids the sale that stands on a sold item (issue 12), in one transaction under the item's row lock (which every
 * action on the item takes first, so a void cannot race a sale or another void of it):
 * - a reversal sale row with the opposite price and cost, dated the day of the void in the shop's calendar, so the
 *   reports show the sale in its period and the void in the period it was made;
 * - the item goes back to the status it had before the sale: checked out when the sale closed a check-out (the
 *   client who had it on approval bought it), and that same check-out is reopened (same client, due date, note and
 *   "out since": the void undoes the sale, not the approval); available otherwise. A promotion the sale ended is
 *   not restored: it was a choice for unsold stock, made again if wanted;
 * - the audit records: the sale voided, and the item's status change.
 * A sale of an owned item posts nothing to the client ledger (only stock purchases on credit or debt do); a
 * consignment item's sale posted the agreed cost to its supplier, and that payable is reversed with it (issue 14).
 * The item's `sale` is null afterwards; selling it again makes a new sale.
 */
export class SaleVoidsService {
  constructor(private readonly ctx: AppContext) {}

  async void(caller: ShopCaller, itemId: number, body: { reason?: string }): Promise<Item> {
    requireVoider(caller);
    const { shopId, userId } = caller;
    if (!(await this.ctx.repos.items.findRow(shopId, itemId))) throw notFound();
    const reason = voidReason(body);
    const now = this.ctx.now();
    const today = await this.ctx.repos.items.shopToday(shopId, now);

    return guardDoubleVoid(() =>
      this.ctx.transaction(async (repos) => {
        const { items, itemSales, checkouts, audit } = repos;
        const item = await items.findRow(shopId, itemId, true);
        if (!item) throw notFound();
        const sale = await itemSales.latest(shopId, itemId);
        if (item.status !== 'sold' || !sale || sale.voided) {
          throw conflict(sale?.voided ? ALREADY_VOIDED : NOT_SOLD);
        }
        const reversalId = await itemSales.insertReversal({
          shopId,
          originalId: sale.id,
          date: today,
          reason,
          notes: reversalNote(sale.id, reason),
          userId,
          at: now,
        });
        // A consignment item's sale owed its supplier the agreed cost: that payable goes with the sale (issue 14).
        await reverseConsignmentPayable(repos, itemId, { shopId, date: today, reason, userId, at: now });
        // The sale's invoice is cancelled by a credit note, in the void's transaction (issue 13).
        const creditNote = await repos.invoices.issueCreditNote({ shopId, userId, at: now }, reversalId);
        const reopened = await checkouts.reopenSold(itemId, sale.createdAt);
        const status = reopened ? 'checked_out' : 'available';
        await items.setStatus(shopId, itemId, status, now);
        await audit.record({
          shopId,
          userId,
          entity: 'sale',
          entityId: sale.id,
          action: 'void',
          after: {
            reason,
            reversalId,
            creditNote: creditNote?.reference ?? null,
            amountGbp: Number(sale.amountGbp),
            clientId: sale.clientId,
            itemId,
          },
          at: now,
        });
        await audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: itemId,
          action: 'void_sale',
          before: { status: 'sold' },
          after: reopened ? { status, checkoutId: reopened.id, clientId: reopened.clientId } : { status },
          at: now,
        });
        return (await items.find(shopId, itemId)) as Item;
      }),
    );
  }
}
