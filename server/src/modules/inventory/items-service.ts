import type { FastifyRequest } from 'fastify';
import {
  ITEM_SELLER_NOT_ON_LINES,
  ITEM_SELLER_WITHOUT_PURCHASE,
  PURCHASE_SELLER_UNKNOWN,
  ITEM_IMAGE_MAX_BYTES,
  ITEM_IMAGE_MAX_COUNT,
  type Item,
  type ItemCheckOut,
  type ItemCreate,
  type ItemImage,
  type ItemPromote,
  type ItemUpdate,
} from '@loupe/contracts';
import { FileStore, NO_FILE, type UploadRules } from '../../kernel/file-storage';
import { fileKeyFor } from '../../config';
import { sniffImage } from '../../kernel/file-types';
import { conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import { expectedVersion, staleEdit, versionMatches } from '../../kernel/record-versions';
import { AMOUNT_RULE, penceOf, sumPounds } from '../../kernel/money';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField, decimalField } from '../../kernel/validation';
import { SERIAL_TAKEN, auditView, translateWriteError } from './common';
import type { InventoryContext, InventoryRepos } from './deps';
import { stockLinePosting } from './stock-postings';
import { checkTransactionClients, itemFormPayments, parseItemCreate, parseItemFields } from './item-input';
import { parseConsignment } from './consignment-service';
import { checkItemCatalogue } from './catalogue-items';
import { AmlRefused, amlRefusals, guardCash, guardClient } from '../compliance';

const NOT_AN_IMAGE =
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
export const VAT_SCHEME_FIXED =
  'The VAT scheme of a sold item cannot be changed: its invoice has been issued.';
export const STALE_ITEM = 'This item was changed by someone else after you opened it.';
const INVALID_CLIENT = (id: number) => `Invalid pk "${id}" - object does not exist.`;
const PURCHASE_TOO_LARGE = {
  field: 'transactions',
  message: 'Ensure the purchase price has no more than 12 digits before the decimal point.',
};

/** Item images: any raster format recognised by content. */
const IMAGE_FILES: UploadRules = {
  maxBytes: ITEM_IMAGE_MAX_BYTES,
  tooLarge: `The image is too large (the limit is ${ITEM_IMAGE_MAX_BYTES / (1024 * 1024)} MB).`,
  sniff: sniffImage,
  notAccepted: NOT_AN_IMAGE,
  defaultName: 'image',
  misnamedPart: NO_FILE,
};

/** Stock's writes: each one, its ledger postings and its audit record commit together. */
export class ItemsService {
  readonly imageFiles: FileStore;

  constructor(private readonly ctx: InventoryContext) {
    this.imageFiles = new FileStore(ctx.db, fileKeyFor(ctx.config.fileKey), IMAGE_FILES);
  }

  async existing(shopId: number, id: number): Promise<Item> {
    const item = await this.ctx.repos.items.find(shopId, id);
    if (!item) throw notFound();
    return item;
  }

  async create({ shopId, userId }: ShopCaller, body: ItemCreate): Promise<Item> {
    const { items } = this.ctx.repos;
    const now = this.ctx.now();
    const today = await items.shopToday(shopId, now);
    const bag = new ErrorBag();
    const input = parseItemCreate(bag, body, today);
    // Brand and model from the shop's catalogue, active entries only, spelled as the catalogue spells them.
    Object.assign(input, await checkItemCatalogue(this.ctx.db, shopId, bag, input));
    const named = input.transactions.flatMap((t) =>
      t.type === 'cash' || t.clientId === null ? [] : [t.clientId],
    );
    checkTransactionClients(bag, input.transactions, await items.clientNames(shopId, named));
    // Received on consignment (issue 14): terms instead of purchase transactions.
    const supplierId = body.consignment?.supplierId;
    const supplier =
      supplierId === undefined ? undefined : (await items.clientNames(shopId, [supplierId])).get(supplierId);
    const consignment = parseConsignment(bag, body.consignment, input.transactions.length, supplier);
    const sellerId = await this.itemSeller(
      bag,
      shopId,
      body.sellerId ?? null,
      named,
      input.transactions.length,
    );
    if (!bag.has('serial') && input.serial !== '' && (await items.serialTaken(shopId, input.serial))) {
      bag.add('serial', SERIAL_TAKEN);
    }
    bag.throwIfAny();

    try {
      return await this.ctx.transaction(async (repos) => {
        const { items: repo, ledger, audit, consignments } = repos;
        // The seller's row first (the AML guard's lock), as a Buy In takes it, so the two queue, not deadlock.
        if (sellerId !== null) await repos.aml.lockCdd(shopId, sellerId);
        const id = await repo.insert({ ...input, shopId, userId, at: now });
        const lines = await repo.insertTransactions(shopId, id, input.transactions, now);
        if (consignment) {
          await consignments.insert({ ...consignment, shopId, itemId: id, receivedOn: input.purchasedOn });
        }
        const purchase =
          input.transactions.length > 0
            ? await this.recordPurchase(repos, { shopId, userId }, id, input, lines, sellerId, body, now)
            : null;
        if (purchase) {
          await audit.record({
            shopId,
            userId,
            entity: 'purchase',
            entityId: purchase.id,
            action: 'create',
            after: { reference: purchase.reference, source: 'item_form', itemId: id },
            at: now,
            ...(sellerId !== null ? { clientId: sellerId } : {}),
          });
        }
        // In client order: two purchases naming the same clients lock their balances in the same order.
        const postings = [...input.transactions.entries()].sort(
          ([, a], [, b]) => (a.clientId ?? 0) - (b.clientId ?? 0),
        );
        for (const [i, line] of postings) {
          if (line.type === 'cash' || line.clientId === null) continue;
          const sourceId = (lines[i] as { id: number }).id;
          await ledger.post(
            stockLinePosting(
              input,
              { type: line.type, clientId: line.clientId, amount: line.amount, sourceId },
              { shopId, date: input.purchasedOn, userId, at: now },
            ),
          );
        }
        const created = (await repo.find(shopId, id)) as Item;
        await audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: id,
          action: 'create',
          after: { ...auditView(created), ...(purchase ? { purchase: purchase.reference } : {}) },
          at: now,
        });
        return created;
      });
    } catch (error) {
      // A refusal of the AML guard is recorded once the transaction has rolled back (as every writer of cash).
      if (error instanceof AmlRefused) return amlRefusals(this.ctx)(error);
      return translateWriteError(error, PURCHASE_TOO_LARGE);
    }
  }

  /**
   * Add Item's seller (issue 22): the client named, who must be the one the credit and debt lines name when they
   * name any; by default that client; otherwise none (a cash purchase on the specification's form names no one).
   */
  private async itemSeller(
    bag: ErrorBag,
    shopId: number,
    given: number | null,
    named: readonly number[],
    transactionCount: number,
  ): Promise<number | null> {
    const onLines = [...new Set(named)];
    if (given === null) return onLines.length === 1 ? (onLines[0] as number) : null;
    if (transactionCount === 0) bag.add('sellerId', ITEM_SELLER_WITHOUT_PURCHASE);
    else if (!(await this.ctx.repos.items.clientNames(shopId, [given])).has(given))
      bag.add('sellerId', PURCHASE_SELLER_UNKNOWN);
    else if (onLines.length > 0 && !onLines.includes(given)) bag.add('sellerId', ITEM_SELLER_NOT_ON_LINES);
    return given;
  }

  /**
   * THE ITEM FORM'S PURCHASE AS A BUY-IN (issue 22, item 1), in the item's transaction: the cash paid out through
   * the AML guard (kind 'payout', linked with the seller's cash paid out over 90 days — a high value dealer is one
   * who accepts OR makes cash payments of €10,000 or more, MLR 2017 reg. 14(1)(a); no seller on file over the
   * threshold is refused, as a walk-in buyer is), then the one-line purchase document (the purchases module,
   * through the ItemFormPurchases port): its PUR- number, the stock book's purchase side, the payments out.
   * Nothing is recorded for a purchase of £0 (every line zero or a 100% fee): there is nothing to document.
   */
  private async recordPurchase(
    repos: InventoryRepos,
    { shopId, userId }: { shopId: number; userId: number },
    itemId: number,
    input: ReturnType<typeof parseItemCreate>,
    stored: ReadonlyArray<{ id: number; amountGbp: string }>,
    sellerId: number | null,
    body: ItemCreate,
    at: Date,
  ): Promise<{ id: number; reference: string } | null> {
    const payments = itemFormPayments(input.transactions, stored);
    const total = sumPounds(payments.map((p) => p.amountGbp));
    if (penceOf(total) <= 0n) return null;
    const { stockNumber } = (await repos.items.findRow(shopId, itemId)) as { stockNumber: number };
    // Enhanced due diligence of a high-risk seller (issue 25), whatever the method.
    await guardClient(repos, { shopId, clientId: sellerId, kind: 'purchase', amountGbp: total });
    const cash = payments.filter((p) => p.method === 'Cash');
    const cashGbp = sumPounds(cash.map((p) => p.amountGbp));
    const accepted =
      penceOf(cashGbp) > 0n
        ? await guardCash(repos, {
            kind: 'payout',
            shopId,
            userId,
            clientId: sellerId,
            itemId,
            description: `Bought ${[input.brand, input.model].filter(Boolean).join(' ') || input.stockType} ${input.serial}: cash paid out`,
            amount: cashGbp,
            currency: 'GBP',
            exchangeRate: '1',
            paymentMethod: 'Cash',
            date: input.purchasedOn,
            at,
            direction: 'out',
          })
        : null;
    const purchase = await repos.purchases.recordItemForm({
      shopId,
      userId,
      sellerId,
      sellerKind: body.sellerKind ?? 'private',
      date: input.purchasedOn,
      item: {
        id: itemId,
        stockNumber,
        stockType: input.stockType,
        brand: input.brand,
        model: input.model,
        serial: input.serial,
        description: input.description,
        purchasePrice: total,
      },
      payments,
      at,
    });
    await accepted?.flag(repos, {});
    return purchase;
  }

  /**
   * Edits an item if it is still the version the edit was based on (body `version` or If-Match, see
   * kernel/record-versions.ts); otherwise a 409/412 naming who changed it, when, and the item now.
   */
  async update(
    { shopId, userId }: ShopCaller,
    id: number,
    body: Omit<ItemUpdate, 'version'> & { version?: number },
    ifMatch?: string | string[],
  ): Promise<Item> {
    const { items } = this.ctx.repos;
    const now = this.ctx.now();
    const current = await this.existing(shopId, id);
    const expected = expectedVersion(ifMatch, body.version);
    const today = await items.shopToday(shopId, now);
    const bag = new ErrorBag();
    const changes = parseItemFields(bag, body, today, current.purchasedOn);
    // The catalogue's active entries, or the brand and model the item already names (kept even if retired).
    Object.assign(changes, await checkItemCatalogue(this.ctx.db, shopId, bag, changes, current));
    if (
      !bag.has('serial') &&
      changes.serial !== '' &&
      (await items.serialTaken(shopId, changes.serial, id))
    ) {
      bag.add('serial', SERIAL_TAKEN);
    }
    bag.throwIfAny();
    try {
      return await this.ctx.transaction(async ({ items: repo, audit }) => {
        const before = await repo.find(shopId, id, true);
        if (!before) throw notFound();
        const stale = async (latest: Item) =>
          staleEdit(expected, STALE_ITEM, latest, await repo.lastEdit(shopId, id));
        if (!versionMatches(expected, before.version)) throw await stale(before);
        // A sold item's invoice is issued under its scheme: the scheme stays as it was sold (issue 13).
        if (
          before.status === 'sold' &&
          changes.vatScheme !== undefined &&
          changes.vatScheme !== before.vatScheme
        ) {
          throw fieldErrors({ vatScheme: [VAT_SCHEME_FIXED] });
        }
        if (!(await repo.update(shopId, id, changes, now, expected))) {
          throw await stale((await repo.find(shopId, id)) ?? before);
        }
        const after = (await repo.find(shopId, id)) as Item;
        await audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: id,
          action: 'update',
          before: auditView(before),
          after: auditView(after),
          at: now,
        });
        return after;
      });
    } catch (error) {
      return translateWriteError(error, PURCHASE_TOO_LARGE);
    }
  }

  // ---------------------------------------------------------------- actions

  /**
   * One action: the item row is locked first, so two actions on one item run one after the other and each
   * sees the status the other left; the change and its audit entry commit together.
   */
  private async act(
    { shopId, userId }: ShopCaller,
    id: number,
    action: string,
    change: (repos: InventoryRepos, item: Item) => Promise<Record<string, unknown> | void>,
    tooLarge = { field: 'non_field_errors', message: 'A value is too large.' },
  ): Promise<Item> {
    const now = this.ctx.now();
    try {
      return await this.ctx.transaction(async (repos) => {
        const before = await repos.items.find(shopId, id, true);
        if (!before) throw notFound();
        const extra = await change(repos, before);
        const after = (await repos.items.find(shopId, id)) as Item;
        await repos.audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: id,
          action,
          before: auditView(before),
          after: { ...auditView(after), ...extra },
          at: now,
        });
        return after;
      });
    } catch (error) {
      return translateWriteError(error, tooLarge);
    }
  }

  private async requireClient(bag: ErrorBag, field: string, shopId: number, clientId: number | null) {
    if (clientId === null) return;
    const names = await this.ctx.repos.items.clientNames(shopId, [clientId]);
    if (!names.has(clientId)) bag.add(field, INVALID_CLIENT(clientId));
  }

  async checkOut(caller: ShopCaller, id: number, body: ItemCheckOut): Promise<Item> {
    const { shopId, userId } = caller;
    const now = this.ctx.now();
    const today = await this.ctx.repos.items.shopToday(shopId, now);
    const bag = new ErrorBag();
    const dueDate = dateField(bag, 'dueDate', body.dueDate, null, { notBefore: today });
    // Left out: the item's retail price; null: no price agreed.
    const agreedPrice =
      body.agreedPrice === undefined
        ? undefined
        : decimalField(bag, 'agreedPrice', body.agreedPrice, { ...AMOUNT_RULE, allowZero: true });
    await this.requireClient(bag, 'clientId', shopId, body.clientId);
    bag.throwIfAny();

    return this.act(caller, id, 'check_out', async ({ items, checkouts }, item) => {
      if (item.status === 'checked_out') {
        throw conflict(`This item is already checked out to ${item.checkout?.clientName ?? 'a client'}.`);
      }
      if (item.status !== 'available') throw conflict('Only an available item can be checked out.');
      const checkoutId = await checkouts.open({
        shopId,
        itemId: id,
        clientId: body.clientId,
        dueDate,
        note: (body.note ?? '').trim(),
        agreedPrice:
          agreedPrice !== undefined
            ? agreedPrice
            : item.retailPrice === null
              ? null
              : String(item.retailPrice),
        userId,
        at: now,
      });
      await items.setStatus(shopId, id, 'checked_out', now);
      return { checkoutId };
    });
  }

  async takeBack(caller: ShopCaller, id: number): Promise<Item> {
    const now = this.ctx.now();
    return this.act(caller, id, 'return', async ({ items, checkouts }, item) => {
      if (item.status !== 'checked_out') throw conflict('This item is not checked out.');
      const closed = await checkouts.close(id, 'returned', caller.userId, now);
      await items.setStatus(caller.shopId, id, 'available', now);
      return { checkoutId: closed?.id ?? null };
    });
  }

  async promote(caller: ShopCaller, id: number, body: ItemPromote): Promise<Item> {
    const bag = new ErrorBag();
    let price: string | null = null;
    if (body.promoted) {
      price = decimalField(bag, 'price', body.price, AMOUNT_RULE);
    } else {
      if (body.price !== undefined && body.price !== null) bag.add('price', 'Only a promotion has a price.');
      if (body.note !== undefined && body.note.trim() !== '') bag.add('note', 'Only a promotion has a note.');
    }
    bag.throwIfAny();
    const now = this.ctx.now();
    const { shopId } = caller;
    // The price the item is offered at: the promotion's when it has one, else the retail price.
    const offered = (promotion: { price: number | string | null } | null, retail: number | null) =>
      promotion?.price != null ? Number(promotion.price) : retail;
    return this.act(caller, id, body.promoted ? 'promote' : 'unpromote', async ({ items }, item) => {
      const before = offered(item.promotion, item.retailPrice);
      if (!body.promoted) {
        if (!item.promotion) throw conflict('This item is not promoted.');
        await items.setPromotion(shopId, id, null, now);
      } else {
        if (item.status === 'sold') throw conflict('A sold item cannot be promoted.');
        if (item.status === 'unavailable') throw conflict('An unavailable item cannot be promoted.');
        await items.setPromotion(shopId, id, { price, note: (body.note ?? '').trim() }, now);
      }
      // A new price is matched against the wanted lists once this commits (item-changes.ts).
      if (offered(body.promoted ? { price } : null, item.retailPrice) !== before)
        await items.announcePriceChange(shopId, id);
    });
  }

  // ---------------------------------------------------------------- images

  async addImage({ shopId, userId }: ShopCaller, id: number, request: FastifyRequest): Promise<ItemImage> {
    if (!(await this.ctx.repos.items.findRow(shopId, id))) throw notFound();
    return this.imageFiles.receive(request, async (upload) => {
      const now = this.ctx.now();
      return this.ctx.transaction(async ({ items, audit }) => {
        if (!(await items.findRow(shopId, id, true))) throw notFound();
        if ((await items.imageCount(id)) >= ITEM_IMAGE_MAX_COUNT) {
          throw conflict(`An item has at most ${ITEM_IMAGE_MAX_COUNT} images.`);
        }
        const { storageKey, name, contentType, size } = upload;
        const created = await items.insertImage(
          shopId,
          id,
          { storageKey, name, contentType, size },
          userId,
          now,
        );
        await audit.record({
          shopId,
          userId,
          entity: 'item',
          entityId: id,
          action: 'upload',
          after: created,
          at: now,
        });
        return created;
      });
    });
  }

  async deleteImage({ shopId, userId }: ShopCaller, id: number, imageId: number): Promise<void> {
    const now = this.ctx.now();
    const removed = await this.ctx.transaction(async ({ items, audit }) => {
      if (!(await items.findRow(shopId, id, true))) throw notFound();
      const image = await items.findImage(shopId, id, imageId);
      if (!image) throw notFound();
      await items.deleteImage(imageId);
      const { storageKey: _key, ...shown } = image;
      await audit.record({
        shopId,
        userId,
        entity: 'item',
        entityId: id,
        action: 'delete_image',
        before: shown,
        at: now,
      });
      return image;
    });
    await this.imageFiles.remove(removed.storageKey);
  }
}
