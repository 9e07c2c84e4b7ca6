import {
  PURCHASE_IDENTITY_MISSING,
  PURCHASE_ITEM_GONE,
  PURCHASE_NOT_BALANCED,
  PURCHASE_NOT_VOIDABLE,
  PURCHASE_REGISTER_CHECK_MISSING,
  PURCHASE_REGISTER_FLAGGED,
  PURCHASE_SELLER_UNKNOWN,
  type Purchase,
  type PurchaseCheck,
  type PurchaseCreate,
  type PurchaseMissing,
  type PurchaseQuery,
} from '@loupe/contracts';
import { DryRunAnswer, dryRun } from '../../kernel/dry-run';
import { penceOf, poundsOf } from '../../kernel/money';
import { ConflictWithFields, conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import { requireVoider, voidReason } from '../../kernel/reversals';
import { requireCosts } from '../../kernel/costs';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dayRangeField, pageOf, pagingOf } from '../../kernel/validation';
import { amlRefusalOf, amlRefusals, guardCash, guardClient, type AmlAccepted } from '../compliance';
import { SERIAL_TAKEN, checkItemCatalogue, createStockItems, linesWriteRefusal } from '../inventory';
import type { PurchasesContext, PurchasesRepos } from './deps';
import { WATCH, parsePurchase, type ParsedLine, type ParsedPurchase } from './purchase-input';
import { sellerAddressOf, type PurchaseRules, type Seller } from './purchases-repository';

/** "£1,000.00"-style figure for the messages, without the sign. */
function shown(value: string): string {
  const [whole = '0', fraction = '00'] = poundsOf(penceOf(value)).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

const lineName = (l: ParsedLine) => [l.brand, l.model].filter((s) => s !== '').join(' ') || l.serial;

/**
 * What due diligence lacks for this purchase (rules in contracts/src/purchases.ts, defaults in server/README.md
 * "Purchases"):
 *  - the seller's identity: Money Laundering Regulations 2017 reg. 27/28 — customer due diligence identifies the
 *    customer on the basis of documents from a reliable and independent source; the shop asks it at or above
 *    its own purchase value (a KYC document of the client on file);
 *  - a stolen-goods register search for each watch at or above the shop's value (The Watch Register: the
 *    international database of lost and stolen watches that dealers search before buying); a flagged answer
 *    refuses the line whatever its value.
 */
export function dueDiligenceMissing(
  seller: Pick<Seller, 'documentsOnFile'> | null,
  lines: readonly ParsedLine[],
  totalGbp: string,
  rules: PurchaseRules,
): PurchaseMissing[] {
  const missing: PurchaseMissing[] = [];
  if (penceOf(totalGbp) >= penceOf(rules.identityThresholdGbp) && (seller?.documentsOnFile ?? 0) === 0) {
    missing.push({
      rule: 'seller_identity',
      line: null,
      detail: PURCHASE_IDENTITY_MISSING(shown(rules.identityThresholdGbp)),
    });
  }
  lines.forEach((l, i) => {
    if (l.registerCheck?.result === 'flagged') {
      missing.push({
        rule: 'register_flagged',
        line: i + 1,
        detail: PURCHASE_REGISTER_FLAGGED(i + 1, lineName(l)),
      });
    } else if (
      l.stockType === WATCH &&
      l.registerCheck === null &&
      penceOf(l.price) >= penceOf(rules.registerCheckThresholdGbp)
    ) {
      missing.push({
        rule: 'register_check',
        line: i + 1,
        detail: PURCHASE_REGISTER_CHECK_MISSING(i + 1, lineName(l), shown(rules.registerCheckThresholdGbp)),
      });
    }
  });
  return missing;
}

type Mode = 'create' | 'check';

/**
 * BUY-INS (issue 22, items 1 and 2): a purchase of one or more pieces from one client, in one transaction — the
 * due-diligence rules, the purchase's gap-free number, each piece entered as stock through the inventory module
 * (the next stock number each, its purchase price the line's), the payments out, the AML guard over the cash paid
 * out (a high value dealer is one who accepts OR makes cash payments of €10,000 or more: MLR 2017 reg. 14(1)(a)),
 * the audit trail. Locks: the seller's row first (the AML guard's), then the counters (the purchase number, then
 * the stock numbers), so two buy-ins queue rather than deadlock.
 */
export class PurchasesService {
  constructor(private readonly ctx: PurchasesContext) {}

  private today(shopId: number): Promise<string> {
    return this.ctx.repos.items.shopToday(shopId, this.ctx.now());
  }

  // ---------------------------------------------------------------- reads

  /**
   * A purchase is what the shop paid, line by line: reading one (its list, page, PDF) needs 'viewCosts' as buying
   * in does — silver only when the shop lets silver see costs (issue 21 item 6: 403 COSTS_NOT_ALLOWED).
   */
  async detail(caller: ShopCaller, id: number): Promise<Purchase> {
    requireCosts(caller);
    const { shopId } = caller;
    const purchase = await this.ctx.repos.purchases.view(shopId, id);
    if (!purchase) throw notFound();
    return (await this.withOutstanding(shopId, [purchase]))[0] as Purchase;
  }

  /**
   * What an item-form purchase still lacks by the shop's rules today (the checks Buy In would have refused it
   * without): shown on the purchase and its list row until recorded (a KYC paper added to the seller).
   */
  private async withOutstanding(shopId: number, purchases: Purchase[]): Promise<Purchase[]> {
    const open = purchases.filter((p) => p.source === 'item_form' && p.status === 'completed');
    if (open.length === 0) return purchases;
    const { purchases: repo } = this.ctx.repos;
    const rules = await repo.rules(shopId);
    for (const p of open) {
      const seller = p.sellerId === null ? null : await repo.seller(shopId, p.sellerId);
      const lines = p.lines.map((l) => ({
        stockType: l.stockType,
        brand: l.brand,
        model: l.model,
        serial: l.serial,
        description: l.description,
        price: l.priceGbp.toFixed(2),
        intake: l.intake,
        registerCheck: l.registerCheck,
      }));
      p.outstanding = dueDiligenceMissing(seller, lines, p.totalGbp.toFixed(2), rules);
    }
    return purchases;
  }

  async list(caller: ShopCaller, query: PurchaseQuery): Promise<{ results: Purchase[]; count: number }> {
    requireCosts(caller);
    const { shopId } = caller;
    const bag = new ErrorBag();
    // The one date-range rule of every filtered list (kernel/validation.ts, contracts' isRangeReversed).
    const { from, to } = dayRangeField(bag, query);
    bag.throwIfAny();
    const filter = {
      from,
      to,
      sellerId: query.seller ?? null,
      status: query.status ?? null,
      source: query.source ?? null,
    };
    const { purchases } = this.ctx.repos;
    const count = await purchases.count(shopId, filter);
    return pageOf(pagingOf(query), count, async (limit, offset) =>
      this.withOutstanding(shopId, await purchases.list(shopId, filter, limit, offset)),
    );
  }

  // ---------------------------------------------------------------- a new purchase

  check(caller: ShopCaller, body: PurchaseCreate): Promise<PurchaseCheck> {
    return dryRun(() => this.run(caller, body, 'check'), 'a purchase check');
  }

  async create(caller: ShopCaller, body: PurchaseCreate): Promise<Purchase> {
    const id = await this.run(caller, body, 'create').catch(amlRefusals(this.ctx));
    return this.detail(caller, id);
  }

  private async parse({ shopId }: ShopCaller, body: PurchaseCreate): Promise<ParsedPurchase> {
    const { items, purchases } = this.ctx.repos;
    const bag = new ErrorBag();
    const input = parsePurchase(bag, body, await this.today(shopId));
    if (!(await purchases.seller(shopId, input.sellerId))) bag.add('sellerId', PURCHASE_SELLER_UNKNOWN);
    for (const [i, line] of input.lines.entries()) {
      const field = `lines[${i}].serial`;
      if (line.serial !== '' && !bag.has(field) && (await items.serialTaken(shopId, line.serial)))
        bag.add(field, SERIAL_TAKEN);
      // A bought item's brand and model come from the shop's catalogue as an added one's do (items-service.ts).
      const lineBag = new ErrorBag();
      Object.assign(line, await checkItemCatalogue(this.ctx.db, shopId, lineBag, line));
      for (const [name, messages] of Object.entries(lineBag.errors))
        for (const message of messages) bag.add(`lines[${i}].${name}`, message);
    }
    bag.throwIfAny();
    return input;
  }

  private async run(caller: ShopCaller, body: PurchaseCreate, mode: Mode): Promise<number> {
    // The price paid is the item's cost: who may not see costs may not buy in (contracts' permissions.ts).
    requireAction(caller, 'viewCosts');
    const { shopId, userId } = caller;
    const input = await this.parse(caller, body);
    const now = this.ctx.now();
    return this.write(async (repos) => {
      // The seller's row first (the AML guard's lock), then everything else.
      await repos.aml.lockCdd(shopId, input.sellerId);
      const seller = (await repos.purchases.seller(shopId, input.sellerId)) as Seller;
      const rules = await repos.purchases.rules(shopId);
      const total = poundsOf(input.lines.reduce((sum, l) => sum + penceOf(l.price), 0n));
      const paid = await repos.purchases.paymentsGbp(input.payments);
      const missing = dueDiligenceMissing(seller, input.lines, total, rules);
      const balanced = penceOf(paid.total) === penceOf(total);
      if (mode === 'check') {
        const aml = balanced
          ? await amlRefusalOf(() => this.guard(repos, caller, input, seller, paid.cash, 'check', now))
          : null;
        throw new DryRunAnswer<PurchaseCheck>({
          totalGbp: Number(total),
          paidGbp: Number(paid.total),
          missing,
          aml,
        });
      }
      if (!balanced)
        throw fieldErrors({ payments: [PURCHASE_NOT_BALANCED(shown(total), shown(paid.total))] });
      if (missing.length > 0) {
        throw new ConflictWithFields({ detail: missing.map((m) => m.detail).join(' '), missing });
      }

      // Enhanced due diligence of a high-risk seller (issue 25), whatever the method.
      await guardClient(repos, { shopId, clientId: seller.id, kind: 'purchase', amountGbp: total });
      const number = await repos.purchases.nextNumber(shopId);
      const reference = `${rules.prefix}${String(number).padStart(6, '0')}`;
      const accepted = await this.guard(repos, caller, input, seller, paid.cash, reference, now);
      const created = await createStockItems(
        repos,
        { shopId, userId },
        input.lines.map((l) => ({
          serial: l.serial,
          stockType: l.stockType,
          brand: l.brand,
          model: l.model,
          description: l.description,
          purchasedOn: input.date,
          purchasePrice: l.price,
          vatScheme: 'margin',
          attributes: {
            ...(l.intake.conditionGrade !== null ? { conditionGrade: l.intake.conditionGrade } : {}),
            ...(l.stockType === WATCH ? { box: l.intake.box, papers: l.intake.papers } : {}),
          },
        })),
        now,
      );
      const sellerAddress = sellerAddressOf(seller);
      const purchaseId = await repos.purchases.insert({
        shopId,
        number,
        reference,
        date: input.date,
        seller,
        sellerAddress,
        sellerKind: input.sellerKind,
        totalGbp: total,
        notes: input.notes,
        userId,
        at: now,
      });
      await repos.purchases.insertLines(
        shopId,
        purchaseId,
        input.lines.map((l, i) => {
          const item = created[i] as { id: number; stockNumber: number };
          return {
            itemId: item.id,
            stockNumber: item.stockNumber,
            stockType: l.stockType,
            brand: l.brand,
            model: l.model,
            serial: l.serial,
            description: l.description,
            priceGbp: l.price,
            intake: l.intake,
            registerCheck: l.registerCheck,
          };
        }),
      );
      await repos.purchases.insertPayments(shopId, purchaseId, input.payments, input.date, userId, now);
      for (const flag of accepted) await flag.flag(repos, {});
      await repos.audit.record({
        shopId,
        userId,
        entity: 'purchase',
        entityId: purchaseId,
        action: 'create',
        after: {
          reference,
          date: input.date,
          sellerKind: input.sellerKind,
          totalGbp: total,
          stockNumbers: created.map((c) => c.stockNumber),
          registerChecks: input.lines.flatMap((l, i) =>
            l.registerCheck ? [{ line: i + 1, ...l.registerCheck }] : [],
          ),
        },
        at: now,
        clientId: seller.id,
      });
      return purchaseId;
    });
  }

  /** The AML guard over the cash paid out to the seller (kind 'payout', linked with their cash paid out). */
  private async guard(
    repos: PurchasesRepos,
    { shopId, userId }: ShopCaller,
    input: ParsedPurchase,
    seller: Seller,
    cashGbp: string | null,
    reference: string,
    at: Date,
  ): Promise<AmlAccepted[]> {
    if (cashGbp === null) return [];
    return [
      await guardCash(repos, {
        kind: 'payout',
        shopId,
        userId,
        clientId: seller.id,
        description: `Purchase ${reference}: cash paid out`,
        amount: cashGbp,
        currency: 'GBP',
        exchangeRate: '1',
        paymentMethod: 'Cash',
        date: input.date,
        at,
        direction: 'out',
      }),
    ];
  }

  // ---------------------------------------------------------------- void

  /**
   * Voids a purchase by reversal (platinum and gold, a reason required): each payment reversed by a row of its
   * own dated today, the purchase marked voided, its items out of stock (unavailable). Refused (409) when an
   * item is no longer in stock: it was sold, checked out or reserved since — undo that first.
   */
  async void(caller: ShopCaller, id: number, body: { reason?: string }): Promise<Purchase> {
    requireVoider(caller);
    const { shopId, userId } = caller;
    const reason = voidReason(body);
    const today = await this.today(shopId);
    const now = this.ctx.now();
    await this.write(async (repos) => {
      const purchase = await repos.purchases.find(shopId, id, true);
      if (!purchase) throw notFound();
      if (purchase.status !== 'completed') throw conflict(PURCHASE_NOT_VOIDABLE);
      const lines = await repos.purchases.lineItems(id);
      for (const line of [...lines].sort((a, b) => a.itemId - b.itemId)) {
        const item = await repos.items.findRow(shopId, line.itemId, true);
        if (!item) throw notFound();
        if (item.status !== 'available')
          throw conflict(PURCHASE_ITEM_GONE(line.stockNumber, item.status.replace('_', ' ')));
      }
      for (const line of lines) {
        await repos.items.setStatus(shopId, line.itemId, 'unavailable', now);
        await repos.audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: line.itemId,
          action: 'update',
          before: { status: 'available' },
          after: { status: 'unavailable', purchase: purchase.reference, reason },
          at: now,
        });
      }
      await repos.purchases.reversePayments(id, today, userId, now);
      // An item-form purchase's credit and debt lines moved the client's ledger: reversed with it, to the penny.
      for (const posted of await repos.purchases.stockSettlements(id)) {
        await repos.ledger.postReversal(posted.clientId, {
          shopId,
          originalId: posted.entryId,
          date: today,
          reason,
          notes: `Void of purchase ${purchase.reference}`,
          userId,
          at: now,
        });
      }
      await repos.purchases.markVoided(id, today, reason, userId);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'purchase',
        entityId: id,
        action: 'void',
        before: { status: 'completed' },
        after: { status: 'voided', reference: purchase.reference, reason },
        at: now,
        clientId: purchase.sellerId,
      });
    });
    return this.detail(caller, id);
  }

  // ---------------------------------------------------------------- plumbing

  private async write<T>(work: (repos: PurchasesRepos) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.transaction(work);
    } catch (error) {
      throw linesWriteRefusal(error);
    }
  }
}
