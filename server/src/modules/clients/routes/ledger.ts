import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  LedgerList,
  LedgerPayment,
  LedgerPaymentResult,
  LedgerQuery,
  routes,
  type LedgerEntry,
} from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { ApiError, REQUIRED, notFound } from '../../../kernel/http-errors';
import { RATE_RULE, amountRuleFor, parseDecimal, type DecimalRule } from '../../../kernel/money';
import { AuditRepository } from '../../../kernel/audit-repository';
import { ClientLedgerRepository } from '../client-ledger-repository';
import { ClientsRepository } from '../clients-repository';
import { LedgerRepository } from '../ledger-repository';
import { shopCaller } from '../../../kernel/shop-scope';
import { withErrors } from '../../../kernel/schemas';
import {
  ClientParams,
  ErrorBag,
  checkPage,
  idPattern,
  parseDate,
  parsePagingOnly,
  pathId,
  text,
} from '../input';

const TAGS = ['clients'];
const NUMERIC_OUT_OF_RANGE = '22003';
const GBP_RATE = 'The exchange rate of GBP is 1.';
const TOO_SMALL = 'Ensure the amount is worth at least \u00a30.01.';
const TOO_LARGE = 'Ensure the amount is worth no more than \u00a3999,999,999,999.99.';
const BALANCE_OVERFLOW = 'This payment would take the balance beyond \u00a3999,999,999,999.99.';
const MAX_GBP = '999999999999.99';

// At most 15 significant digits, so that every amount and rate reads back exactly as the JSON number the
// ledger list shows: 7 whole digits for bitcoin (8 decimals) and for rates (8 decimals); the other currencies
// keep the kernel's 12 whole digits with 2 decimals.
const PAYMENT_RATE_RULE: DecimalRule = { ...RATE_RULE, maxWholeDigits: 7 };
const paymentAmountRule = (currency: string): DecimalRule =>
  currency === 'BTC' ? { ...amountRuleFor('BTC'), maxWholeDigits: 7 } : amountRuleFor(currency);

const GREATER_THAN_ZERO = 'Ensure this value is greater than 0.';
/** Zero and negatives are refused alike (the direction carries the sign), so they get the same words. */
function parsePositive(value: unknown, rule: DecimalRule): { value: string } | { error: string } {
  const parsed = parseDecimal(value, rule);
  return 'error' in parsed && parsed.error.startsWith('Ensure this value is greater than')
    ? { error: GREATER_THAN_ZERO }
    : parsed;
}

const ledgerRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const clients = new ClientsRepository(ctx.db);
  const entries = new ClientLedgerRepository(ctx.db);

  fastify.get(
    idPattern(routes.clientLedger),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'The client\u2019s payments and charges, newest first',
        params: ClientParams,
        querystring: LedgerQuery,
        response: withErrors({ 200: LedgerList }),
      },
    },
    async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      if (!(await clients.find(shopId, id))) throw notFound();
      const paging = parsePagingOnly(request.query);
      const count = await entries.count(shopId, id);
      const offset = checkPage(paging, count);
      const results = count === 0 ? [] : await entries.page(shopId, id, paging.pageSize, offset);
      return { results, count };
    },
  );

  fastify.post(
    idPattern(routes.clientLedger),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary:
          'Records a payment: received (the client paid the shop; balance up) or paid (the shop paid the client; down)',
        params: ClientParams,
        body: LedgerPayment,
        response: withErrors({ 201: LedgerPaymentResult }),
      },
    },
    async (request, reply) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      if (!(await clients.find(shopId, id))) throw notFound();
      const body = request.body;
      const now = ctx.now();
      const today = await clients.shopToday(shopId, now);

      const bag = new ErrorBag();
      const currency = body.currency ?? DEFAULT_CURRENCY;
      let amount: string | null = null;
      const parsedAmount = parsePositive(body.amount, paymentAmountRule(currency));
      if ('error' in parsedAmount) bag.add('amount', parsedAmount.error);
      else amount = parsedAmount.value;

      // The server never guesses a rate: a foreign currency needs the one the dealer actually used.
      let exchangeRate: string | null = null;
      const rateGiven =
        body.exchangeRate !== undefined &&
        body.exchangeRate !== null &&
        !(typeof body.exchangeRate === 'string' && body.exchangeRate.trim() === '');
      if (!rateGiven) {
        if (currency === 'GBP') exchangeRate = '1';
        else bag.add('exchangeRate', body.exchangeRate === null ? 'This field may not be null.' : REQUIRED);
      } else {
        const parsedRate = parsePositive(body.exchangeRate, PAYMENT_RATE_RULE);
        if ('error' in parsedRate) bag.add('exchangeRate', parsedRate.error);
        else if (currency === 'GBP' && parsedRate.value !== '1') bag.add('exchangeRate', GBP_RATE);
        else exchangeRate = parsedRate.value;
      }

      let date = today;
      if (body.date !== undefined && body.date.trim() !== '') {
        const parsed = parseDate(body.date);
        if ('error' in parsed) bag.add('date', parsed.error);
        else if (parsed.value > today) bag.add('date', 'Ensure this date is not in the future.');
        else date = parsed.value;
      }
      const note = text(bag, 'note', body.note) ?? '';

      if (amount !== null && exchangeRate !== null) {
        const gbp = await entries.gbpValue(amount, exchangeRate);
        if (Number(gbp) === 0) bag.add('amount', TOO_SMALL);
        else if (gbp.length > MAX_GBP.length) bag.add('amount', TOO_LARGE);
      }
      bag.throwIfAny();

      const signed = body.direction === 'paid' ? `-${amount as string}` : (amount as string);
      try {
        const result = await ctx.db.transaction(async (tx) => {
          const repo = new ClientsRepository(tx);
          const client = await repo.find(shopId, id, true);
          if (!client) throw notFound();
          const posted = await new LedgerRepository(tx).post({
            shopId,
            clientId: id,
            amount: signed,
            currency,
            exchangeRate: exchangeRate as string,
            method: body.method ?? DEFAULT_PAYMENT_METHOD,
            date,
            note,
            userId,
            at: now,
          });
          const entry = (await new ClientLedgerRepository(tx).find(shopId, posted.id)) as LedgerEntry;
          const balance = Number(posted.balance);
          await new AuditRepository(tx).record({
            shopId,
            userId,
            entity: 'client',
            entityId: id,
            action: 'ledger_entry',
            before: { balance: client.balance },
            after: { entry, balance },
            at: now,
          });
          return { entry, balance };
        });
        return reply.code(201).send(result);
      } catch (error) {
        // The balance column holds 12 digits before the point; a payment beyond it is the caller's to fix.
        if ((error as { code?: unknown } | null)?.code === NUMERIC_OUT_OF_RANGE) {
          throw new ApiError(400, { amount: [BALANCE_OVERFLOW] });
        }
        throw error;
      }
    },
  );
};

export default ledgerRoutes;
