import {
  DEAL_ITEM_TWICE,
  DEAL_NO_SALE_LINE,
  DEAL_PX_NEEDS_CLIENT,
  DEAL_RESERVE_NEEDS_CLIENT,
  DEAL_RESERVE_NEEDS_DEPOSIT,
  DEAL_RESERVE_NO_OUT,
  DEAL_RESERVE_NO_PX,
  DEFAULT_DEAL_CHANNEL,
  type Currency,
  type DealChannel,
  type DealCreate,
  type DealLineInput,
  type DealPaymentInput,
  type OtherLineVatRate,
  type PartExchangeInput,
  type StockType,
  type VatScheme,
} from '@loupe/contracts';
import { BLANK, REQUIRED } from '../../kernel/http-errors';
import { RATE_RULE, amountRuleFor, gbpRateProblem } from '../../kernel/money';
import { ErrorBag, dateField, decimalField } from '../../kernel/validation';
import type { NewDealLine, NewDealPayment } from './deals-repository';

export const INVALID_CLIENT = (id: number) => `Invalid pk "${id}" - object does not exist.`;
export const INVALID_ITEM = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** A part-exchange as it will be entered in stock. */
export interface ParsedPartExchange {
  serial: string;
  stockType: StockType;
  brand: string;
  model: string;
  description: string;
  vatScheme: VatScheme;
}

export interface ParsedLine extends NewDealLine {
  partExchange: ParsedPartExchange | null;
}

export interface ParsedDeal {
  clientId: number | null;
  buyerName: string;
  currency: Currency;
  exchangeRate: string;
  date: string;
  lines: ParsedLine[];
  payments: NewDealPayment[];
  collectBy: string | null;
  notes: string;
  /** Where the sale came from (issue 24 item 4); the schema admits only DEAL_CHANNELS. */
  channel: DealChannel;
}

/** A currency and its rate to GBP (1 for GBP), errors at `prefix`currency / exchangeRate. */
function rateOf(bag: ErrorBag, prefix: string, currency: Currency, rate: DealPaymentInput['exchangeRate']) {
  const exchangeRate = decimalField(bag, `${prefix}exchangeRate`, rate, RATE_RULE) ?? '1';
  const notOne = gbpRateProblem(currency, exchangeRate);
  if (notOne) bag.add(`${prefix}exchangeRate`, notOne);
  if (currency !== 'GBP' && rate === undefined) bag.add(`${prefix}exchangeRate`, REQUIRED);
  return exchangeRate;
}

/** The payments of a request, each keyed payments[j].field; kind 'payment' (or `kind`) in, 'payout' out. */
export function parsePayments(
  bag: ErrorBag,
  inputs: readonly DealPaymentInput[],
  kindIn: NewDealPayment['kind'],
  field = 'payments',
): NewDealPayment[] {
  return inputs.map((p, j) => {
    const prefix = `${field}[${j}].`;
    const currency = p.currency ?? 'GBP';
    const amount = decimalField(bag, `${prefix}amount`, p.amount, amountRuleFor(currency), {
      required: true,
    });
    const exchangeRate = rateOf(bag, prefix, currency, p.exchangeRate);
    const direction = p.direction ?? 'in';
    return {
      kind: direction === 'out' ? 'payout' : kindIn,
      direction,
      method: p.method,
      amount: amount ?? '0',
      currency,
      exchangeRate,
    };
  });
}

function parsePartExchange(bag: ErrorBag, prefix: string, input: PartExchangeInput | undefined) {
  if (input === undefined) {
    bag.add(`${prefix}partExchange`, REQUIRED);
    return null;
  }
  const serial = input.serial.trim();
  if (serial === '') bag.add(`${prefix}partExchange.serial`, BLANK);
  return {
    serial,
    stockType: input.stockType,
    brand: (input.brand ?? '').trim(),
    model: (input.model ?? '').trim(),
    description: (input.description ?? '').trim(),
    vatScheme: input.vatScheme ?? 'margin',
  };
}

function parseLine(bag: ErrorBag, line: DealLineInput, i: number, currency: Currency): ParsedLine {
  const prefix = `lines[${i}].`;
  const amount = decimalField(bag, `${prefix}price`, line.price, amountRuleFor(currency), { required: true });
  let itemId: number | null = null;
  let description = '';
  let vatRate: OtherLineVatRate | null = null;
  let partExchange: ParsedPartExchange | null = null;
  if (line.kind === 'item') {
    if (line.itemId === undefined) bag.add(`${prefix}itemId`, REQUIRED);
    else itemId = line.itemId;
  } else if (line.kind === 'other') {
    description = (line.description ?? '').trim();
    if (description === '') bag.add(`${prefix}description`, BLANK);
    vatRate = line.vatRate ?? 'standard';
  } else {
    partExchange = parsePartExchange(bag, prefix, line.partExchange);
    description = 'Part-exchange';
  }
  return { kind: line.kind, itemId, description, vatRate, amount: amount ?? '0', partExchange };
}

/**
 * Reads a new deal (rules in contracts/src/deals.ts). What needs the database (the client, the items, serials)
 * is checked by the service; the rest is here, every problem of the form reported at once.
 */
export function parseDeal(bag: ErrorBag, body: DealCreate, today: string): ParsedDeal {
  const currency = body.currency ?? 'GBP';
  const exchangeRate = rateOf(bag, '', currency, body.exchangeRate);
  const date = dateField(bag, 'date', body.date, today, { notAfter: today }) ?? today;
  const clientId = body.clientId ?? null;
  const lines = body.lines.map((line, i) => parseLine(bag, line, i, currency));
  if (!lines.some((l) => l.kind !== 'part_exchange')) bag.add('lines', DEAL_NO_SALE_LINE);
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (l.itemId === null) return;
    if (seen.has(l.itemId)) bag.add(`lines[${i}].itemId`, DEAL_ITEM_TWICE);
    seen.add(l.itemId);
  });
  const serials = new Set<string>();
  lines.forEach((l, i) => {
    if (!l.partExchange || l.partExchange.serial === '') return;
    if (serials.has(l.partExchange.serial)) bag.add(`lines[${i}].partExchange.serial`, DEAL_ITEM_TWICE);
    serials.add(l.partExchange.serial);
  });
  const reserve = body.reserve;
  const payments = parsePayments(bag, body.payments, reserve ? 'deposit' : 'payment');
  let collectBy: string | null = null;
  if (lines.some((l) => l.kind === 'part_exchange') && clientId === null)
    bag.add('clientId', DEAL_PX_NEEDS_CLIENT);
  if (reserve) {
    collectBy = dateField(bag, 'reserve.collectBy', reserve.collectBy, null, { notBefore: today });
    if (collectBy === null && !bag.has('reserve.collectBy')) bag.add('reserve.collectBy', REQUIRED);
    if (clientId === null) bag.add('clientId', DEAL_RESERVE_NEEDS_CLIENT);
    if (lines.some((l) => l.kind === 'part_exchange')) bag.add('lines', DEAL_RESERVE_NO_PX);
    if (payments.some((p) => p.direction === 'out')) bag.add('payments', DEAL_RESERVE_NO_OUT);
    if (payments.length === 0) bag.add('payments', DEAL_RESERVE_NEEDS_DEPOSIT);
  }
  return {
    clientId,
    buyerName: clientId === null ? (body.buyerName ?? '').trim() : '',
    currency,
    exchangeRate,
    date,
    lines,
    payments,
    collectBy,
    notes: (body.notes ?? '').trim(),
    channel: body.channel ?? DEFAULT_DEAL_CHANNEL,
  };
}
