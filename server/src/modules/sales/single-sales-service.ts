import {
  ALREADY_VOIDED,
  DEAL_ITEM_RESERVED,
  DEFAULT_DEAL_CHANNEL,
  type Currency,
  type Item,
  type ItemRow,
  type ItemSell,
  type PaymentMethod,
} from '@loupe/contracts';
import type { SaleRecordRepos, SalesContext } from './deps';
import { conflict, notFound } from '../../kernel/http-errors';
import { RATE_RULE, amountRuleFor, gbpOf, gbpRateProblem } from '../../kernel/money';
import {
  guardDoubleVoid,
  requireVoider,
  reversalNote,
  voidReason,
  type NewReversal,
} from '../../kernel/reversals';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField, decimalField } from '../../kernel/validation';
import { amlRefusals, guardCash, guardClient } from '../compliance';
import { auditView, postConsignmentPayable, reverseConsignmentPayable } from '../inventory';
import { INVALID_CLIENT } from './deal-input';
import { lockClient, tellDealItems, writeDeal } from './deals-service';

/** 409: the item has no sale standing (never sold, or its sale was voided and it was not sold again). */
export const NOT_SOLD = 'This item has not been sold.';
/** 409: the item's sale is one line of a deal with others: the deal is voided as a whole. */
export const SALE_IN_DEAL = (dealId: number) =>
  `This sale is one line of deal D-${dealId}: void the deal to void it with its other lines.`;

const SALE_TOO_LARGE = {
  price: ['Ensure the price in GBP has no more than 12 digits before the decimal point.'],
};

/** The sale's line in the reports: what the item is, then its serial. */
export function saleName(item: ItemRow): string {
  const what = [item.brand, item.model].filter(Boolean).join(' ');
  const name = what ? `${what} ${item.serial}` : item.description || item.serial;
  return name.length > 200 ? `${name.slice(0, 199)}…` : name;
}

/**
 * An item's Sell and its void: the one-line case of the deal workflow (issue 20). A Sell is a deal of one stock
 * line and one payment, completed in one transaction exactly as a deal is — the AML guard (as an item sale),
 * the sale row, the VAT and margin of the line, the item sold (a check-out closed, a promotion ended, a
 * consignment's payable posted), the invoice in its single-sale form — and answers the item, as it always has.
 */
export class ItemSalesService {
  constructor(private readonly ctx: SalesContext) {}

  async sell(caller: ShopCaller, id: number, body: ItemSell): Promise<Item> {
    const { shopId, userId } = caller;
    const { items } = this.ctx.repos;
    const now = this.ctx.now();
    const today = await items.shopToday(shopId, now);
    const bag = new ErrorBag();
    const currency = body.currency ?? 'GBP';
    const price = decimalField(bag, 'price', body.price, amountRuleFor(currency), { required: true });
    const exchangeRate = decimalField(bag, 'exchangeRate', body.exchangeRate, RATE_RULE) ?? '1';
    const notOne = gbpRateProblem(currency, exchangeRate);
    if (notOne) bag.add('exchangeRate', notOne);
    const date = dateField(bag, 'date', body.date, today, { notAfter: today }) ?? today;
    const clientId = body.clientId ?? null;
    if (clientId !== null && !(await items.clientNames(shopId, [clientId])).has(clientId)) {
      bag.add('clientId', INVALID_CLIENT(clientId));
    }
    bag.throwIfAny();
    const method = body.paymentMethod ?? 'Cash';
    // Where the sale came from (issue 24 item 4): the Chrono24 7-day rule below owes no report for 'chrono24'.
    const channel = body.channel ?? DEFAULT_DEAL_CHANNEL;

    return writeDeal(
      this.ctx,
      async (repos) => {
        const before = await repos.items.find(shopId, id, true);
        if (!before) throw notFound();
        if (before.status === 'sold') throw conflict('This item has already been sold.');
        if (before.status === 'unavailable') throw conflict('This item is unavailable and cannot be sold.');
        if (before.status === 'reserved') throw conflict(DEAL_ITEM_RESERVED);
        // A client who had it on approval and buys it: their check-out ends as a sale.
        const closed =
          before.status === 'checked_out' ? await repos.checkouts.close(id, 'sold', userId, now) : null;
        const buyer = clientId ?? closed?.clientId ?? null;
        const buyerName = buyer === null ? (body.buyerName ?? '').trim() : '';
        // The buyer's row before any row that names it (lockClient): two sales to one client queue here.
        if (buyer !== null) await lockClient(repos, shopId, buyer);
        const dealId = await repos.deals.insert({
          shopId,
          status: 'completed',
          origin: 'item_sale',
          clientId: buyer,
          buyerName,
          currency,
          exchangeRate,
          date,
          collectBy: null,
          notes: '',
          userId,
          at: now,
          channel,
        });
        const [line] = await repos.deals.insertLines(shopId, dealId, [
          { kind: 'item', itemId: id, description: '', vatRate: null, amount: price as string },
        ]);
        const paymentIds = await repos.deals.insertPayments(
          shopId,
          dealId,
          [{ kind: 'payment', direction: 'in', method, amount: price as string, currency, exchangeRate }],
          date,
          userId,
          now,
        );
        // Enhanced due diligence of a high-risk buyer (issue 25), whatever the method; then the AML cash guard
        // (issue 13): checked before the sale is saved, flagged after; a refusal rolls back.
        await guardClient(repos, {
          shopId,
          clientId: buyer,
          kind: 'sale',
          amountGbp: gbpOf(price as string, exchangeRate),
        });
        const aml = await guardCash(repos, {
          kind: 'item_sale',
          shopId,
          userId,
          clientId: buyer,
          buyerName: body.buyerName,
          itemId: id,
          description: saleName(before),
          amount: price as string,
          currency,
          exchangeRate,
          paymentMethod: method,
          date,
          at: now,
          excludePaymentIds: paymentIds,
          dealId,
        });
        const sale = await repos.dealDocuments.insertSale(shopId, {
          lineId: (line as { id: number }).id,
          paymentMethod: method,
          date,
          userId,
          at: now,
          name: saleName(before),
          notes: (body.notes ?? '').trim(),
        });
        const registered = await repos.deals.vatRegistered(shopId);
        const treatment = !registered ? 'none' : before.vatScheme === 'standard' ? 'standard' : 'margin';
        await repos.deals.settleLine((line as { id: number }).id, sale.id, treatment, sale.costGbp);
        // Before the item leaves the storefront (issue 24: the Chrono24 7-day rule asks what it was in).
        await tellDealItems(repos, {
          kind: 'take',
          shopId,
          dealId,
          channel,
          itemIds: [id],
          completed: true,
          date,
          reason: null,
          userId,
          at: now,
        });
        await repos.items.setStatus(shopId, id, 'sold', now);
        if (before.promotion) await repos.items.setPromotion(shopId, id, null, now);
        await postConsignmentPayable(repos, before, { id: sale.id, date }, { shopId, userId, at: now });
        await repos.deals.complete(dealId, date, now);
        // The sale's invoice, numbered in this transaction (issue 13).
        const invoice = await repos.dealDocuments.issueInvoice(
          { shopId, userId, at: now },
          dealId,
          method,
          true,
        );
        await aml.flag(repos, { saleId: sale.id, dealId });
        const after = (await repos.items.find(shopId, id)) as Item;
        // clientId: the sale shows in the buyer's History too (audit_log.client_id).
        const amountGbp = (await repos.deals.lines(dealId))[0]?.amountGbp ?? '0';
        await repos.audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: id,
          action: 'sell',
          before: auditView(before),
          after: {
            ...auditView(after),
            saleId: sale.id,
            saleAmountGbp: amountGbp,
            clientId: buyer,
            invoice: invoice.reference,
            channel,
          },
          at: now,
        });
        return after;
      },
      SALE_TOO_LARGE,
    ).catch(amlRefusals(this.ctx));
  }

  /**
   * Voids the sale that stands on a sold item (issue 12), in one transaction under the item's row lock:
   * - a reversal sale row with the opposite price and cost, dated the day of the void in the shop's calendar;
   * - a consignment item's payable to its supplier reversed with it (issue 14);
   * - its invoice cancelled by a credit note (issue 13);
   * - the item back to the status it had before the sale: checked out when the sale closed a check-out (that
   *   same check-out reopened), available otherwise;
   * - a sale made as a one-line deal (issue 20): its payment reversed and the deal voided with it. A line of a
   *   deal with other lines is refused: that deal is voided as a whole (POST /api/deals/{id}/void/).
   */
  async voidSale(caller: ShopCaller, itemId: number, body: { reason?: string }): Promise<Item> {
    requireVoider(caller);
    const { shopId, userId } = caller;
    if (!(await this.ctx.repos.items.findRow(shopId, itemId))) throw notFound();
    const reason = voidReason(body);
    const now = this.ctx.now();
    const today = await this.ctx.repos.items.shopToday(shopId, now);

    return guardDoubleVoid(() =>
      this.ctx.transaction(async (repos) => {
        const { items, checkouts, audit } = repos;
        const item = await items.findRow(shopId, itemId, true);
        if (!item) throw notFound();
        const sale = await repos.dealDocuments.latestOfItem(shopId, itemId);
        if (item.status !== 'sold' || !sale || sale.voided) {
          throw conflict(sale?.voided ? ALREADY_VOIDED : NOT_SOLD);
        }
        if (sale.dealId !== null && (await repos.deals.lines(sale.dealId)).length > 1) {
          throw conflict(SALE_IN_DEAL(sale.dealId));
        }
        const reversalId = await repos.dealDocuments.reverseSale({
          shopId,
          originalId: sale.id,
          date: today,
          reason,
          notes: reversalNote(sale.id, reason),
          userId,
          at: now,
        });
        await reverseConsignmentPayable(repos, itemId, { shopId, date: today, reason, userId, at: now });
        const creditNote = await repos.saleDocuments.issueCreditNote({ shopId, userId, at: now }, reversalId);
        if (sale.dealId !== null) {
          await repos.deals.reversePayments(sale.dealId, today, userId, now);
          await repos.deals.markVoided(sale.dealId, reason, now);
          await tellDealItems(repos, {
            kind: 'release',
            shopId,
            dealId: sale.dealId,
            channel: (await repos.deals.find(shopId, sale.dealId))?.channel ?? 'shop',
            itemIds: [itemId],
            completed: false,
            date: today,
            reason: 'voided',
            userId,
            at: now,
          });
        }
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

/** A quick sale as the finance screens record it (issue 13's buyer; SPEC's name, amount, method, notes, date). */
export interface NewQuickSale {
  shopId: number;
  userId: number;
  at: Date;
  name: string;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  paymentMethod: PaymentMethod;
  notes: string;
  date: string;
  clientId: number | null;
  buyerName: string;
}

/**
 * A quick sale: the one-line case of the deal workflow (issue 20) — one "other" line (standard-rated when the
 * shop is VAT-registered, as every quick sale always was) and one payment, the AML guard as a quick sale, the
 * sale row under the quick sale's own name and notes, and its invoice in single-sale form, in the caller's
 * transaction. → the sale row's id (what the quick sale screens read back).
 */
export async function recordQuickSale(repos: SaleRecordRepos, sale: NewQuickSale): Promise<number> {
  const { shopId, userId, at } = sale;
  if (sale.clientId !== null) await lockClient(repos, shopId, sale.clientId);
  const dealId = await repos.deals.insert({
    shopId,
    status: 'completed',
    origin: 'quick_sale',
    clientId: sale.clientId,
    buyerName: sale.buyerName,
    currency: sale.currency,
    exchangeRate: sale.exchangeRate,
    date: sale.date,
    collectBy: null,
    notes: '',
    userId,
    at,
  });
  const [line] = await repos.deals.insertLines(shopId, dealId, [
    {
      kind: 'other',
      itemId: null,
      description: sale.name.slice(0, 200),
      vatRate: 'standard',
      amount: sale.amount,
    },
  ]);
  const lineId = (line as { id: number }).id;
  const paymentIds = await repos.deals.insertPayments(
    shopId,
    dealId,
    [
      {
        kind: 'payment',
        direction: 'in',
        method: sale.paymentMethod,
        amount: sale.amount,
        currency: sale.currency,
        exchangeRate: sale.exchangeRate,
      },
    ],
    sale.date,
    userId,
    at,
  );
  // Enhanced due diligence of a high-risk buyer (issue 25), whatever the method; the AML cash guard (issue 13):
  // checked before the sale is saved, flagged after.
  await guardClient(repos, {
    shopId,
    clientId: sale.clientId,
    kind: 'sale',
    amountGbp: gbpOf(sale.amount, sale.exchangeRate),
  });
  const aml = await guardCash(repos, {
    kind: 'quick_sale',
    shopId,
    userId,
    clientId: sale.clientId,
    buyerName: sale.buyerName,
    description: sale.name,
    amount: sale.amount,
    currency: sale.currency,
    exchangeRate: sale.exchangeRate,
    paymentMethod: sale.paymentMethod,
    date: sale.date,
    at,
    excludePaymentIds: paymentIds,
    dealId,
  });
  const row = await repos.dealDocuments.insertSale(shopId, {
    lineId,
    paymentMethod: sale.paymentMethod,
    date: sale.date,
    userId,
    at,
    name: sale.name,
    notes: sale.notes,
  });
  const registered = await repos.deals.vatRegistered(shopId);
  await repos.deals.settleLine(lineId, row.id, registered ? 'standard' : 'none', null);
  await repos.deals.complete(dealId, sale.date, at);
  await repos.dealDocuments.issueInvoice({ shopId, userId, at }, dealId, sale.paymentMethod, true);
  await aml.flag(repos, { saleId: row.id, dealId });
  return row.id;
}

/**
 * A quick sale's void, in the caller's transaction (the original's row locked by it): the reversal row dated
 * the void's day, the credit note of its invoice, and — made as a one-line deal — its payment reversed and the
 * deal voided. → the reversal's id and the credit note's reference (null for a sale made before invoices).
 */
export async function reverseQuickSale(
  repos: SaleRecordRepos,
  reversal: NewReversal,
): Promise<{ reversalId: number; creditNote: string | null }> {
  const reversalId = await repos.dealDocuments.reverseSale(reversal);
  const { shopId, userId, at, date, reason } = reversal;
  const creditNote = await repos.saleDocuments.issueCreditNote({ shopId, userId, at }, reversalId);
  const dealId = await repos.dealDocuments.dealOfSale(reversal.originalId);
  if (dealId !== null) {
    await repos.deals.reversePayments(dealId, date, userId, at);
    await repos.deals.markVoided(dealId, reason, at);
  }
  return { reversalId, creditNote: creditNote?.reference ?? null };
}
