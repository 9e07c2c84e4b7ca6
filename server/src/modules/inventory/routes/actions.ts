import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Item,
  ItemCheckOut,
  ItemPromote,
  ItemReturn,
  ItemSell,
  routes,
  type ItemRow,
} from '@loupe/contracts';
import type { AppContext } from '../../../context';
import type { Transaction } from '../../../db/database';
import { conflict, notFound } from '../../../kernel/http-errors';
import { AMOUNT_RULE, RATE_RULE, amountRuleFor } from '../../../kernel/money';
import { AuditRepository } from '../../../kernel/audit-repository';
import { CheckoutsRepository } from '../checkouts-repository';
import { ItemSalesRepository } from '../item-sales-repository';
import { ItemsRepository } from '../items-repository';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, withErrors } from '../../../kernel/schemas';
import { ItemParams, auditView, idPattern, pathId, translateWriteError } from '../common';
import { ErrorBag, dateField, decimalField } from '../item-input';

const TAGS = ['inventory'];
const INVALID_CLIENT = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** The sale's line in the reports: what the item is, then its serial. */
function saleName(item: ItemRow): string {
  const what = [item.brand, item.model].filter(Boolean).join(' ');
  const name = what ? `${what} ${item.serial}` : item.description || item.serial;
  return name.length > 200 ? `${name.slice(0, 199)}…` : name;
}

const actionRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const items = new ItemsRepository(ctx.db);

  /**
   * One action: the item row is locked first, so two actions on one item run one after the other and each
   * sees the status the other left; the change and its audit entry commit together.
   */
  async function act(
    shopId: number,
    userId: number,
    id: number,
    action: string,
    change: (tx: Transaction, item: Item) => Promise<Record<string, unknown> | void>,
    tooLarge = { field: 'non_field_errors', message: 'A value is too large.' },
  ): Promise<Item> {
    const now = ctx.now();
    try {
      return await ctx.db.transaction(async (tx) => {
        const repo = new ItemsRepository(tx);
        const before = await repo.find(shopId, id, true);
        if (!before) throw notFound();
        const extra = await change(tx, before);
        const after = (await repo.find(shopId, id)) as Item;
        await new AuditRepository(tx).record({
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

  async function requireClient(bag: ErrorBag, field: string, shopId: number, clientId: number | null) {
    if (clientId === null) return;
    const names = await items.clientNames(shopId, [clientId]);
    if (!names.has(clientId)) bag.add(field, INVALID_CLIENT(clientId));
  }

  fastify.post(
    idPattern(routes.itemSell),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Sells an available or checked-out item: status sold and a sale for the reports',
        params: ItemParams,
        body: ItemSell,
        response: withErrors({ 200: Item, 409: Detail }),
      },
    },
    async (request) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      const body = request.body;
      const now = ctx.now();
      const today = await items.shopToday(shopId, now);
      const bag = new ErrorBag();
      const currency = body.currency ?? 'GBP';
      const price = decimalField(bag, 'price', body.price, amountRuleFor(currency), { required: true });
      const exchangeRate = decimalField(bag, 'exchangeRate', body.exchangeRate, RATE_RULE) ?? '1';
      if (currency === 'GBP' && exchangeRate !== '1') bag.add('exchangeRate', 'Must be 1 for GBP.');
      const date = dateField(bag, 'date', body.date, today, { notAfter: today }) ?? today;
      await requireClient(bag, 'clientId', shopId, body.clientId ?? null);
      bag.throwIfAny();

      return act(
        shopId,
        userId,
        id,
        'sell',
        async (tx, item) => {
          if (item.status === 'sold') throw conflict('This item has already been sold.');
          if (item.status === 'unavailable') throw conflict('This item is unavailable and cannot be sold.');
          // A client who had it on approval and buys it: their check-out ends as a sale.
          const closed =
            item.status === 'checked_out'
              ? await new CheckoutsRepository(tx).close(id, 'sold', userId, now)
              : null;
          const repo = new ItemsRepository(tx);
          await repo.setStatus(shopId, id, 'sold', now);
          if (item.promotion) await repo.setPromotion(shopId, id, null, now);
          const sale = await new ItemSalesRepository(tx).insert({
            shopId,
            itemId: id,
            name: saleName(item),
            amount: price as string,
            currency,
            exchangeRate,
            paymentMethod: body.paymentMethod ?? 'Cash',
            clientId: body.clientId ?? closed?.clientId ?? null,
            date,
            notes: (body.notes ?? '').trim(),
            userId,
            at: now,
          });
          return { saleId: sale.id, saleAmountGbp: sale.amountGbp };
        },
        {
          field: 'price',
          message: 'Ensure the price in GBP has no more than 12 digits before the decimal point.',
        },
      );
    },
  );

  fastify.post(
    idPattern(routes.itemCheckOut),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Checks an available item out to a client (on approval)',
        params: ItemParams,
        body: ItemCheckOut,
        response: withErrors({ 200: Item, 409: Detail }),
      },
    },
    async (request) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      const body = request.body;
      const now = ctx.now();
      const today = await items.shopToday(shopId, now);
      const bag = new ErrorBag();
      const dueDate = dateField(bag, 'dueDate', body.dueDate, null, { notBefore: today });
      await requireClient(bag, 'clientId', shopId, body.clientId);
      bag.throwIfAny();

      return act(shopId, userId, id, 'check_out', async (tx, item) => {
        if (item.status === 'checked_out') {
          throw conflict(`This item is already checked out to ${item.checkout?.clientName ?? 'a client'}.`);
        }
        if (item.status !== 'available') throw conflict('Only an available item can be checked out.');
        const checkoutId = await new CheckoutsRepository(tx).open({
          shopId,
          itemId: id,
          clientId: body.clientId,
          dueDate,
          note: (body.note ?? '').trim(),
          userId,
          at: now,
        });
        await new ItemsRepository(tx).setStatus(shopId, id, 'checked_out', now);
        return { checkoutId };
      });
    },
  );

  fastify.post(
    idPattern(routes.itemReturn),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Takes a checked-out item back into stock',
        params: ItemParams,
        body: ItemReturn,
        response: withErrors({ 200: Item, 409: Detail }),
      },
    },
    async (request) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      const now = ctx.now();
      return act(shopId, userId, id, 'return', async (tx, item) => {
        if (item.status !== 'checked_out') throw conflict('This item is not checked out.');
        const closed = await new CheckoutsRepository(tx).close(id, 'returned', userId, now);
        await new ItemsRepository(tx).setStatus(shopId, id, 'available', now);
        return { checkoutId: closed?.id ?? null };
      });
    },
  );

  fastify.post(
    idPattern(routes.itemPromote),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary:
          'Features the item (shop window, top of the online listing), optionally at a promotional price',
        params: ItemParams,
        body: ItemPromote,
        response: withErrors({ 200: Item, 409: Detail }),
      },
    },
    async (request) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      const body = request.body;
      const bag = new ErrorBag();
      let price: string | null = null;
      if (body.promoted) {
        price = decimalField(bag, 'price', body.price, AMOUNT_RULE);
      } else {
        if (body.price !== undefined && body.price !== null)
          bag.add('price', 'Only a promotion has a price.');
        if (body.note !== undefined && body.note.trim() !== '')
          bag.add('note', 'Only a promotion has a note.');
      }
      bag.throwIfAny();
      const now = ctx.now();
      return act(shopId, userId, id, body.promoted ? 'promote' : 'unpromote', async (tx, item) => {
        const repo = new ItemsRepository(tx);
        if (!body.promoted) {
          if (!item.promotion) throw conflict('This item is not promoted.');
          await repo.setPromotion(shopId, id, null, now);
          return;
        }
        if (item.status === 'sold') throw conflict('A sold item cannot be promoted.');
        if (item.status === 'unavailable') throw conflict('An unavailable item cannot be promoted.');
        await repo.setPromotion(shopId, id, { price, note: (body.note ?? '').trim() }, now);
      });
    },
  );
};

export default actionRoutes;
