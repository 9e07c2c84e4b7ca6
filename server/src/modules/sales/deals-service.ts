import {
  DEAL_ITEM_CHECKED_OUT,
  DEAL_ITEM_RESERVED,
  DEAL_ITEM_SOLD,
  DEAL_ITEM_UNAVAILABLE,
  DEAL_NOT_BALANCED,
  DEAL_NOT_COMPLETED,
  DEAL_NOT_RESERVED,
  DEAL_OVERPAID,
  DEAL_PX_ITEM_SOLD,
  DEAL_RESERVE_NEEDS_DEPOSIT,
  type Deal,
  type DealChannel,
  type DealCancel,
  type DealCheck,
  type DealComplete,
  type DealCreate,
  type DealPaymentCreate,
  type DealQuery,
  type ItemRow,
  type VatTreatment,
} from '@loupe/contracts';
import type { ModuleContext } from '../../kernel/context';
import type { SaleRecordRepos, SalesRepos } from './deps';
import { DryRunAnswer, dryRun } from '../../kernel/dry-run';
import { TOO_LARGE, conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField, pageOf, pagingOf } from '../../kernel/validation';
import { amlRefusalOf, amlRefusals, guardCash, guardClient, type AmlAccepted } from '../compliance';
import {
  SERIAL_TAKEN,
  linesWriteRefusal,
  postConsignmentPayable,
  reverseConsignmentPayable,
} from '../inventory';
import { requireVoider, voidReason } from '../../kernel/reversals';
import { INVALID_CLIENT, INVALID_ITEM, parseDeal, parsePayments, type ParsedDeal } from './deal-input';
import type { Money, StoredLine } from './deals-repository';

type Mode = 'create' | 'check';

/** What the workflow needs of a sold item, read under its row lock. */
type LockedItem = ItemRow;

const dec = (value: string) => Number(value);

/**
 * A caller's own step inside a deal's transaction (issue 23: a workshop job's deposit and collection), run once
 * the deal is written and before it commits, with the transaction's repositories and the deal's id: what it
 * writes commits with the deal, and what it throws rolls the deal back (Medusa's workflow step, at our size).
 */
export type DealStep<R extends SalesRepos> = (repos: R, dealId: number) => Promise<void>;

/**
 * What a deal does to its stock items, told to other modules INSIDE the deal's transaction (issue 24: the
 * marketplace's Chrono24 7-day rule needs to know whether an item was in the Chrono24 feed the moment before a
 * deal took it — after the commit the item has left the storefront, so the question can no longer be asked).
 *  - 'take': the deal is about to take these items (a completed or reserved new deal, an item's Sell), read under
 *    their row locks before their status changes; `completed` says whether this is the sale itself;
 *  - 'complete': a reserved deal completed (its items were taken when it was reserved);
 *  - 'release': a voided deal or sale (`reason` 'voided') or a cancelled reservation ('cancelled').
 * `date` is the sale's day for 'take' (when completed) and 'complete', the day of the release otherwise.
 */
export interface DealItemsEvent {
  kind: 'take' | 'complete' | 'release';
  shopId: number;
  dealId: number;
  channel: DealChannel;
  itemIds: readonly number[];
  completed: boolean;
  date: string;
  reason: 'voided' | 'cancelled' | null;
  userId: number;
  at: Date;
}

/**
 * A listener gets the deal's transaction (its repositories: the app binds every repository to it, a listener's
 * own among them) and writes only its own module's tables. What it throws rolls the deal back, so it throws
 * only for what must stop the sale (nothing does today).
 */
export type DealItemsListener = (repos: SalesRepos, event: DealItemsEvent) => Promise<void>;

/** The listeners, pushed at import time (the marketplace module's). A plain list, like onJobStageChanged. */
export const onDealItems: DealItemsListener[] = [];

/** Tells every listener, in the caller's transaction. */
export async function tellDealItems(repos: SalesRepos, event: DealItemsEvent): Promise<void> {
  if (event.itemIds.length === 0) return;
  for (const listener of onDealItems) await listener(repos, event);
}

/**
 * THE SALES WORKFLOW (issue 20): a deal of several lines and payments, completed or reserved in one transaction.
 * Every write of a deal — stock status, part-exchanges entered as stock, consignment payables, sale rows, the
 * invoice or credit note, the AML guard's flags and the audit trail — commits together or not at all.
 *
 * Locks, always in this order: the items of the deal by id (each item's row lock is the one every stock action
 * takes first), then the client's row (the AML guard), then the document counter (the invoice number). Two deals
 * racing for one item queue on its row; the second then finds it sold or reserved and answers 409, having written
 * nothing.
 */
export class DealsService<R extends SalesRepos = SalesRepos> {
  constructor(private readonly ctx: ModuleContext<R>) {}

  // ---------------------------------------------------------------- reads

  private async today(shopId: number): Promise<string> {
    return this.ctx.repos.items.shopToday(shopId, this.ctx.now());
  }

  async detail({ shopId }: ShopCaller, id: number): Promise<Deal> {
    const deal = await this.ctx.repos.deals.view(shopId, id, await this.today(shopId));
    if (!deal) throw notFound();
    return deal;
  }

  async list({ shopId }: ShopCaller, query: DealQuery): Promise<{ results: Deal[]; count: number }> {
    const today = await this.today(shopId);
    const filter = { status: query.status, clientId: query.client, overdue: query.overdue };
    const count = await this.ctx.repos.deals.count(shopId, filter, today);
    return pageOf(pagingOf(query), count, (limit, offset) =>
      this.ctx.repos.deals.list(shopId, filter, today, limit, offset),
    );
  }

  // ---------------------------------------------------------------- a new deal

  /** What the deal would come to, and the AML guard's answer; nothing is saved. */
  check(caller: ShopCaller, body: DealCreate): Promise<DealCheck> {
    return dryRun(() => this.run(caller, body, 'check'), 'a deal check');
  }

  /** `step`: the caller's own writes, in the deal's transaction (DealStep). */
  async create(caller: ShopCaller, body: DealCreate, step?: DealStep<R>): Promise<Deal> {
    const id = await this.run(caller, body, 'create', step).catch(amlRefusals(this.ctx));
    return this.detail(caller, id);
  }

  private async parse({ shopId }: ShopCaller, body: DealCreate): Promise<ParsedDeal> {
    const { items } = this.ctx.repos;
    const today = await this.today(shopId);
    const bag = new ErrorBag();
    const deal = parseDeal(bag, body, today);
    if (deal.clientId !== null) {
      const names = await items.clientNames(shopId, [deal.clientId]);
      if (!names.has(deal.clientId)) bag.add('clientId', INVALID_CLIENT(deal.clientId));
    }
    for (const [i, line] of deal.lines.entries()) {
      if (line.kind === 'item' && line.itemId !== null && !(await items.findRow(shopId, line.itemId))) {
        bag.add(`lines[${i}].itemId`, INVALID_ITEM(line.itemId));
      }
      const serial = line.partExchange?.serial;
      if (
        serial &&
        !bag.has(`lines[${i}].partExchange.serial`) &&
        (await items.serialTaken(shopId, serial))
      ) {
        bag.add(`lines[${i}].partExchange.serial`, SERIAL_TAKEN);
      }
    }
    bag.throwIfAny();
    return deal;
  }

  private async run(caller: ShopCaller, body: DealCreate, mode: Mode, step?: DealStep<R>): Promise<number> {
    const { shopId, userId } = caller;
    const input = await this.parse(caller, body);
    const now = this.ctx.now();
    const reserve = input.collectBy !== null;
    return this.write(async (repos) => {
      const sold = await lockItems(
        repos,
        shopId,
        input.lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])),
      );
      for (const item of sold.values()) refuseUnsellable(item, reserve);
      if (input.clientId !== null) await lockClient(repos, shopId, input.clientId);

      const dealId = await repos.deals.insert({
        shopId,
        status: reserve ? 'reserved' : 'completed',
        clientId: input.clientId,
        buyerName: input.buyerName,
        currency: input.currency,
        exchangeRate: input.exchangeRate,
        date: input.date,
        collectBy: input.collectBy,
        notes: input.notes,
        channel: input.channel,
        userId,
        at: now,
      });
      // Part-exchanges become stock first: their lines name the new items.
      const lines = [];
      for (const line of input.lines) {
        const itemId = line.partExchange
          ? await this.enterPartExchange(repos, caller, line.partExchange, line.amount, input, dealId, now)
          : line.itemId;
        lines.push({ ...line, itemId });
      }
      const stored = await repos.deals.insertLines(shopId, dealId, lines);
      const before = await repos.deals.money(dealId);
      const paymentIds = await repos.deals.insertPayments(
        shopId,
        dealId,
        input.payments,
        input.date,
        userId,
        now,
        reserve ? { goods: before.goods, standardGoods: before.standardGoods } : null,
      );
      const money = await repos.deals.money(dealId);
      if (mode === 'check') {
        const aml = await amlRefusalOf(() =>
          this.guard(repos, caller, input, dealId, paymentIds, now, false),
        );
        throw new DryRunAnswer<DealCheck>({ totals: totalsOf(money), aml });
      }
      if (reserve) requireDeposit(money);
      else requireSettled(money);
      const accepted = await this.guard(repos, caller, input, dealId, paymentIds, now);
      await tellDealItems(repos, {
        kind: 'take',
        shopId,
        dealId,
        channel: input.channel,
        itemIds: [...sold.keys()],
        completed: !reserve,
        date: input.date,
        reason: null,
        userId,
        at: now,
      });
      if (reserve) {
        for (const item of sold.values()) await repos.items.setStatus(shopId, item.id, 'reserved', now);
      } else {
        await this.completeInside(repos, caller, dealId, stored, sold, input.date, now);
      }
      for (const flag of accepted) await flag.flag(repos, { dealId });
      if (step) await step(repos, dealId);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'deal',
        entityId: dealId,
        action: reserve ? 'reserve' : 'complete',
        after: {
          status: reserve ? 'reserved' : 'completed',
          ...auditMoney(money),
          collectBy: input.collectBy,
          channel: input.channel,
        },
        at: now,
        clientId: input.clientId,
      });
      return dealId;
    });
  }

  /**
   * The client guard (issue 25: enhanced due diligence of a high-risk client, whatever the method) over the deal's
   * goods as a sale and its part-exchanges as a purchase — not over a cancelled layaway's refund (`edd` false),
   * which returns the client's own money. Then the AML guard over this deal's new cash: money in and money out,
   * each with the client's linked cash.
   */
  private async guard(
    repos: SalesRepos,
    { shopId, userId }: ShopCaller,
    deal: { clientId: number | null; buyerName: string; date: string },
    dealId: number,
    paymentIds: readonly number[],
    at: Date,
    edd = true,
  ): Promise<AmlAccepted[]> {
    if (edd && deal.clientId !== null) {
      const money = await repos.deals.money(dealId);
      const clientId = deal.clientId;
      await guardClient(repos, { shopId, clientId, kind: 'sale', amountGbp: money.goods });
      if (Number(money.partExchange) > 0)
        await guardClient(repos, { shopId, clientId, kind: 'purchase', amountGbp: money.partExchange });
    }
    const accepted: AmlAccepted[] = [];
    for (const direction of ['in', 'out'] as const) {
      const cash = await repos.deals.cashGbp(paymentIds, direction);
      if (cash === null) continue;
      accepted.push(
        await guardCash(repos, {
          kind: direction === 'in' ? 'deal' : 'payout',
          shopId,
          userId,
          clientId: deal.clientId,
          buyerName: deal.buyerName,
          description: `Deal D-${dealId}: cash ${direction === 'in' ? 'received' : 'paid out'}`,
          amount: cash,
          currency: 'GBP',
          exchangeRate: '1',
          paymentMethod: 'Cash',
          date: deal.date,
          at,
          direction,
          excludePaymentIds: paymentIds,
          dealId,
        }),
      );
    }
    return accepted;
  }

  /** A part-exchanged piece entered as stock: bought from the client on the deal's day at its allowance. */
  private async enterPartExchange(
    repos: SalesRepos,
    { shopId, userId }: ShopCaller,
    piece: NonNullable<ParsedDeal['lines'][number]['partExchange']>,
    allowance: string,
    deal: ParsedDeal,
    dealId: number,
    at: Date,
  ): Promise<number> {
    const itemId = await repos.items.insert({
      shopId,
      serial: piece.serial,
      stockType: piece.stockType,
      brand: piece.brand,
      model: piece.model,
      description: piece.description,
      tradePrice: null,
      retailPrice: null,
      status: 'available',
      purchasedOn: deal.date,
      vatScheme: piece.vatScheme,
      userId,
      at,
    });
    // Paid for by the deal (an allowance against the goods), not through the client's ledger: a 'cash' line
    // naming the client, in the deal's currency, so the purchase price is the allowance in GBP.
    await repos.items.insertTransactions(
      shopId,
      itemId,
      [
        {
          type: 'cash',
          amount: allowance,
          currency: deal.currency,
          exchangeRate: deal.exchangeRate,
          feePercent: '0',
          clientId: deal.clientId,
        },
      ],
      at,
    );
    await repos.audit.record({
      shopId,
      userId,
      entity: 'item',
      entityId: itemId,
      action: 'create',
      after: {
        serial: piece.serial,
        stockType: piece.stockType,
        brand: piece.brand,
        model: piece.model,
        partExchange: { dealId, allowance, currency: deal.currency },
      },
      at,
      clientId: deal.clientId,
      itemId,
    });
    return itemId;
  }

  /**
   * Completion inside the caller's transaction: each sold line's sale row and VAT, its item sold (a check-out
   * closed, a promotion ended, a consignment's payable posted), the deal completed, its invoice issued.
   */
  private async completeInside(
    repos: SalesRepos,
    caller: ShopCaller,
    dealId: number,
    lines: readonly StoredLine[],
    items: ReadonlyMap<number, LockedItem>,
    date: string,
    at: Date,
  ): Promise<void> {
    const { shopId, userId } = caller;
    const method = await repos.deals.principalMethod(dealId);
    const registered = await repos.deals.vatRegistered(shopId);
    const deal = await repos.deals.find(shopId, dealId);
    for (const line of lines) {
      if (line.kind === 'part_exchange') continue;
      const sale = await repos.dealDocuments.insertSale(shopId, {
        lineId: line.id,
        paymentMethod: method,
        date,
        userId,
        at,
      });
      const item = line.itemId === null ? null : (items.get(line.itemId) as LockedItem);
      await repos.deals.settleLine(line.id, sale.id, treatmentOf(registered, line, item), sale.costGbp);
      if (!item) continue;
      const closed =
        item.status === 'checked_out' ? await repos.checkouts.close(item.id, 'sold', userId, at) : null;
      await repos.items.setStatus(shopId, item.id, 'sold', at);
      if (item.promotion) await repos.items.setPromotion(shopId, item.id, null, at);
      await postConsignmentPayable(repos, item, { id: sale.id, date }, { shopId, userId, at });
      await repos.audit.record({
        shopId,
        userId,
        entity: 'item',
        entityId: item.id,
        action: 'sell',
        before: { status: item.status },
        after: {
          status: 'sold',
          saleId: sale.id,
          dealId,
          saleAmountGbp: Number(line.amountGbp),
          clientId: deal?.clientId ?? closed?.clientId ?? null,
        },
        at,
      });
    }
    await repos.deals.complete(dealId, date, at);
    await repos.dealDocuments.issueInvoice({ shopId, userId, at }, dealId, method);
  }

  // ---------------------------------------------------------------- a reserved deal

  /** An instalment: money in, through the AML guard with the client's linked cash, not beyond what is due. */
  async pay(caller: ShopCaller, id: number, body: DealPaymentCreate): Promise<Deal> {
    const { shopId, userId } = caller;
    const today = await this.today(shopId);
    const bag = new ErrorBag();
    const [payment] = parsePayments(bag, [body.payment], 'instalment', 'payment');
    const date = dateField(bag, 'date', body.date, today, { notAfter: today }) ?? today;
    if (payment?.direction === 'out') bag.add('payment.direction', DEAL_RESERVE_NEEDS_DEPOSIT);
    bag.throwIfAny();
    const now = this.ctx.now();
    await this.write(async (repos) => {
      const deal = await this.reserved(repos, shopId, id);
      const before = await repos.deals.money(id);
      const ids = await repos.deals.insertPayments(
        shopId,
        id,
        [payment as NonNullable<typeof payment>],
        date,
        userId,
        now,
        {
          goods: before.goods,
          standardGoods: before.standardGoods,
        },
      );
      const money = await repos.deals.money(id);
      if (dec(money.balance) < 0)
        throw fieldErrors({ 'payment.amount': [DEAL_OVERPAID(negate(money.balance))] });
      const accepted = await this.guard(repos, caller, { ...deal, date }, id, ids, now);
      for (const flag of accepted) await flag.flag(repos, { dealId: id });
      await repos.audit.record({
        shopId,
        userId,
        entity: 'deal',
        entityId: id,
        action: 'instalment',
        after: {
          amount: payment?.amount,
          currency: payment?.currency,
          method: payment?.method,
          ...auditMoney(money),
        },
        at: now,
        clientId: deal.clientId,
      });
    }).catch(amlRefusals(this.ctx));
    return this.detail(caller, id);
  }

  /** The last payments and the invoice: the deal must be settled exactly. */
  async complete(caller: ShopCaller, id: number, body: DealComplete, step?: DealStep<R>): Promise<Deal> {
    const { shopId, userId } = caller;
    const today = await this.today(shopId);
    const bag = new ErrorBag();
    const payments = parsePayments(bag, body.payments ?? [], 'payment');
    const date = dateField(bag, 'date', body.date, today, { notAfter: today }) ?? today;
    bag.throwIfAny();
    const now = this.ctx.now();
    await this.write(async (repos) => {
      const deal = await this.reserved(repos, shopId, id);
      const lines = await repos.deals.lines(id);
      const items = await lockItems(
        repos,
        shopId,
        lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])),
      );
      const ids = await repos.deals.insertPayments(shopId, id, payments, date, userId, now);
      const money = await repos.deals.money(id);
      requireSettled(money);
      const accepted = await this.guard(repos, caller, { ...deal, date }, id, ids, now);
      await this.completeInside(repos, caller, id, lines, items, date, now);
      await tellDealItems(repos, {
        kind: 'complete',
        shopId,
        dealId: id,
        channel: deal.channel,
        itemIds: itemLines(lines),
        completed: true,
        date,
        reason: null,
        userId,
        at: now,
      });
      for (const flag of accepted) await flag.flag(repos, { dealId: id });
      if (step) await step(repos, id);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'deal',
        entityId: id,
        action: 'complete',
        before: { status: 'reserved' },
        after: { status: 'completed', ...auditMoney(money) },
        at: now,
        clientId: deal.clientId,
      });
    }).catch(amlRefusals(this.ctx));
    return this.detail(caller, id);
  }

  /**
   * A layaway given up: the items go back on sale and, by the shop's policy, every payment in is refunded by its
   * own method and currency (cash out through the AML guard) or kept as forfeited.
   */
  async cancel(caller: ShopCaller, id: number, body: DealCancel): Promise<Deal> {
    const { shopId, userId } = caller;
    const reason = (body.reason ?? '').trim();
    if (reason === '') throw fieldErrors({ reason: ['This field may not be blank.'] });
    const today = await this.today(shopId);
    const now = this.ctx.now();
    await this.write(async (repos) => {
      const deal = await this.reserved(repos, shopId, id);
      const lines = await repos.deals.lines(id);
      const items = await lockItems(
        repos,
        shopId,
        lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])),
      );
      const policy = await repos.deals.cancelPolicy(shopId);
      const paidBefore = await repos.deals.money(id);
      let accepted: AmlAccepted[] = [];
      if (policy === 'refund') {
        const refunds = await repos.deals.paymentsIn(id);
        const ids = await repos.deals.insertPayments(shopId, id, refunds, today, userId, now);
        accepted = await this.guard(repos, caller, { ...deal, date: today }, id, ids, now, false);
      }
      for (const item of items.values()) {
        if (item.status === 'reserved') await repos.items.setStatus(shopId, item.id, 'available', now);
      }
      await repos.deals.cancel(id, today, policy, reason, now);
      await tellDealItems(repos, {
        kind: 'release',
        shopId,
        dealId: id,
        channel: deal.channel,
        itemIds: itemLines(lines),
        completed: false,
        date: today,
        reason: 'cancelled',
        userId,
        at: now,
      });
      for (const flag of accepted) await flag.flag(repos, { dealId: id });
      await repos.audit.record({
        shopId,
        userId,
        entity: 'deal',
        entityId: id,
        action: 'cancel',
        before: { status: 'reserved', paidGbp: Number(paidBefore.paid) },
        after: { status: 'cancelled', outcome: policy, reason },
        at: now,
        clientId: deal.clientId,
      });
    }).catch(amlRefusals(this.ctx));
    return this.detail(caller, id);
  }

  private async reserved(repos: R, shopId: number, id: number) {
    const deal = await repos.deals.find(shopId, id, true);
    if (!deal) throw notFound();
    if (deal.status !== 'reserved') throw conflict(DEAL_NOT_RESERVED);
    return deal;
  }

  // ---------------------------------------------------------------- void

  /**
   * Voids a completed deal by reversal (platinum and gold, with a reason): each sold line's sale reversed, one
   * credit note of all its lines, every payment reversed, the sold items back in stock (a consignment's payable
   * reversed), and each part-exchanged piece handed back (unavailable) — refused while it has been sold since.
   */
  async void(caller: ShopCaller, id: number, body: { reason?: string }): Promise<Deal> {
    requireVoider(caller);
    const { shopId, userId } = caller;
    const reason = voidReason(body);
    const today = await this.today(shopId);
    const now = this.ctx.now();
    await this.write(async (repos) => {
      const deal = await repos.deals.find(shopId, id, true);
      if (!deal) throw notFound();
      if (deal.status !== 'completed') throw conflict(DEAL_NOT_COMPLETED);
      const lines = await repos.deals.lines(id);
      const items = await lockItems(
        repos,
        shopId,
        lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])),
      );
      for (const line of lines) {
        if (line.kind !== 'part_exchange' || line.itemId === null) continue;
        const piece = items.get(line.itemId);
        if (piece && piece.status !== 'available') throw conflict(DEAL_PX_ITEM_SOLD);
      }
      const sales = await repos.dealDocuments.standingSales(id);
      for (const sale of sales) {
        await repos.dealDocuments.reverseSale({
          shopId,
          originalId: sale.id,
          date: today,
          reason,
          notes: `Voided: deal D-${id} (sale ${sale.id}). ${reason}`.trim(),
          userId,
          at: now,
        });
      }
      for (const line of lines) {
        if (line.itemId === null) continue;
        if (line.kind === 'item') {
          await reverseConsignmentPayable(repos, line.itemId, {
            shopId,
            date: today,
            reason,
            userId,
            at: now,
          });
          await repos.items.setStatus(shopId, line.itemId, 'available', now);
        } else {
          await repos.items.setStatus(shopId, line.itemId, 'unavailable', now);
        }
        await repos.audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: line.itemId,
          action: line.kind === 'item' ? 'void_sale' : 'update',
          before: { status: line.kind === 'item' ? 'sold' : 'available' },
          after: { status: line.kind === 'item' ? 'available' : 'unavailable', dealId: id, reason },
          at: now,
        });
      }
      await repos.deals.reversePayments(id, today, userId, now);
      const creditNote = await repos.dealDocuments.issueCreditNote({ shopId, userId, at: now }, id, today);
      await repos.deals.markVoided(id, reason, now);
      await tellDealItems(repos, {
        kind: 'release',
        shopId,
        dealId: id,
        channel: deal.channel,
        itemIds: itemLines(lines),
        completed: false,
        date: today,
        reason: 'voided',
        userId,
        at: now,
      });
      await repos.audit.record({
        shopId,
        userId,
        entity: 'deal',
        entityId: id,
        action: 'void',
        before: { status: 'completed' },
        after: { status: 'voided', reason, creditNote: creditNote?.reference ?? null },
        at: now,
        clientId: deal.clientId,
      });
    });
    return this.detail(caller, id);
  }

  // ---------------------------------------------------------------- plumbing

  private write<T>(work: (repos: R) => Promise<T>): Promise<T> {
    return writeDeal(this.ctx, work);
  }
}

/**
 * One transaction of the sales workflow; the database's refusals a client can cause become DRF answers: a
 * part-exchange's serial taken by a concurrent add, a GBP value beyond its column.
 */
export async function writeDeal<T, R extends SalesRepos = SalesRepos>(
  ctx: ModuleContext<R>,
  work: (repos: R) => Promise<T>,
  tooLarge: Record<string, string[]> = TOO_LARGE,
): Promise<T> {
  try {
    return await ctx.transaction(work);
  } catch (error) {
    throw linesWriteRefusal(error, tooLarge);
  }
}

/**
 * Locks the client's row (FOR UPDATE) before the transaction writes any row that names it. Such a row's foreign
 * key takes a share lock on the client, and the AML guard then asks for the update lock: two transactions of one
 * client that both held the share lock would wait on each other (a deadlock, seen as two cash sales in parallel
 * on PostgreSQL). Taken first, after the items, the update lock makes the second wait for the first instead.
 */
export async function lockClient(repos: SaleRecordRepos, shopId: number, clientId: number): Promise<void> {
  await repos.aml.lockCdd(shopId, clientId);
}

/** The items of a deal, locked in id order (so two deals over the same items queue rather than deadlock). */
async function lockItems(repos: SalesRepos, shopId: number, ids: readonly number[]) {
  const locked = new Map<number, LockedItem>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const item = await repos.items.findRow(shopId, id, true);
    if (!item) throw notFound();
    locked.set(id, item);
  }
  return locked;
}

function refuseUnsellable(item: LockedItem, reserve: boolean): void {
  if (item.status === 'sold') throw conflict(DEAL_ITEM_SOLD);
  if (item.status === 'unavailable') throw conflict(DEAL_ITEM_UNAVAILABLE);
  if (item.status === 'reserved') throw conflict(DEAL_ITEM_RESERVED);
  // Selling closes a check-out (the client on approval buys it); a reservation would leave it open.
  if (item.status === 'checked_out' && reserve) {
    throw conflict(DEAL_ITEM_CHECKED_OUT(item.checkout?.clientName ?? 'a client'));
  }
}

/** The stock items a deal sold or holds (not the part-exchanged pieces it took in). */
function itemLines(lines: readonly StoredLine[]): number[] {
  return lines.flatMap((l) => (l.kind === 'item' && l.itemId !== null ? [l.itemId] : []));
}

function negate(value: string): string {
  return value.startsWith('-') ? value.slice(1) : value;
}

function requireSettled(money: Money): void {
  const balance = dec(money.balance);
  if (balance > 0) throw fieldErrors({ payments: [DEAL_NOT_BALANCED(money.balance)] });
  if (balance < 0) throw fieldErrors({ payments: [DEAL_OVERPAID(negate(money.balance))] });
}

function requireDeposit(money: Money): void {
  if (dec(money.paid) <= 0) throw fieldErrors({ payments: [DEAL_RESERVE_NEEDS_DEPOSIT] });
  if (dec(money.balance) < 0) throw fieldErrors({ payments: [DEAL_OVERPAID(negate(money.balance))] });
}

/** The VAT treatment of a sold line (contracts/src/deals.ts). */
function treatmentOf(registered: boolean, line: StoredLine, item: LockedItem | null): VatTreatment {
  if (!registered) return 'none';
  if (line.kind === 'other') return line.vatRate === 'zero' ? 'none' : 'standard';
  return item?.vatScheme === 'standard' ? 'standard' : 'margin';
}

function totalsOf(money: Money) {
  return {
    goodsGbp: Number(money.goods),
    partExchangeGbp: Number(money.partExchange),
    dueGbp: Number(money.due),
    paidGbp: Number(money.paid),
    balanceGbp: Number(money.balance),
  };
}

function auditMoney(money: Money) {
  return {
    goodsGbp: Number(money.goods),
    partExchangeGbp: Number(money.partExchange),
    paidGbp: Number(money.paid),
  };
}
