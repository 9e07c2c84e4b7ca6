import {
  DEAL_MAX_LINES,
  DEAL_MAX_PAYMENTS,
  DEAL_NO_SALE_LINE,
  DEAL_PX_NEEDS_CLIENT,
  DEAL_RESERVE_NEEDS_CLIENT,
  DEAL_RESERVE_NEEDS_DEPOSIT,
  DEAL_RESERVE_NO_OUT,
  DEAL_RESERVE_NO_PX,
  DEFAULT_CURRENCY,
  DEFAULT_DEAL_CHANNEL,
  isBlank,
  parseDay,
  textRuleProblem,
  type Currency,
  type DealChannel,
  type DealCreate,
  type DealLineInput,
  type ItemRow,
  type OtherLineVatRate,
  type StockType,
} from '@loupe/contracts';
import {
  amountDecimals,
  parseDecimal,
  productRounded,
  rowFieldName,
  toDecimal,
  today,
  type ClientChoice,
  type Decimal,
  type FormProblems,
} from '@loupe/platform';
import {
  amountError,
  dayError,
  newKey,
  paymentBody,
  paymentErrors,
  paymentField,
  RATE_DECIMALS,
  type PaymentValues,
} from '../../../lib/payment-values';

/*
 * The Deal screen's values as typed (amounts stay the decimal text until the service parses them exactly), the
 * totals the screen shows live — computed as contracts/src/deals.ts defines them, with exact decimals — and the
 * body the service takes.
 */

/** The stock item on an item line: what the screen shows of it and the price it suggests. */
export interface DealItem {
  id: number;
  serial: string;
  brand: string;
  model: string;
  /** GBP: the promotional price when the item is promoted at one, else its listing (retail) price. */
  suggestedPrice: number | null;
}

export interface ItemLineValues {
  key: string;
  kind: 'item';
  item: DealItem;
  price: string;
}
export interface OtherLineValues {
  key: string;
  kind: 'other';
  description: string;
  price: string;
  vatRate: OtherLineVatRate;
}
export interface PartExchangeValues {
  key: string;
  kind: 'part_exchange';
  serial: string;
  stockType: StockType;
  brand: string;
  model: string;
  description: string;
  /** The allowance. */
  price: string;
}
export type LineValues = ItemLineValues | OtherLineValues | PartExchangeValues;

export interface DealValues {
  client: ClientChoice | null;
  /** A walk-in buyer's name for the invoice, when no client is chosen. */
  buyerName: string;
  currency: Currency;
  exchangeRate: string;
  date: string;
  lines: LineValues[];
  payments: PaymentValues[];
  notes: string;
  /** The day a reservation is held until (Reserve only). */
  collectBy: string;
  /** Where the sale came from (issue 24 item 4): the shop's counter unless said otherwise. */
  channel: DealChannel;
}

/** Messages beside the fields: the deal's own by name, a line's or a payment's by rowFieldName. */
export type DealProblems = FormProblems<DealValues>;

/** A line's field's name (its message's and its control's): `lines:line3:price`. */
export const lineField = (key: string, field: string) => rowFieldName('lines', key, field);

export const DESCRIPTION_MAX = 200;
export const NAME_MAX = 200;

export const dealDefaults = (): DealValues => ({
  client: null,
  buyerName: '',
  currency: DEFAULT_CURRENCY,
  exchangeRate: '',
  date: today(),
  lines: [],
  payments: [],
  notes: '',
  collectBy: '',
  channel: DEFAULT_DEAL_CHANNEL,
});

export function dealItem(item: ItemRow): DealItem {
  return {
    id: item.id,
    serial: item.serial,
    brand: item.brand,
    model: item.model,
    suggestedPrice: item.promotion?.price ?? item.listingPrice ?? item.retailPrice,
  };
}

/** An item line, at the item's price when the deal is in pounds (its prices are): staff may change it. */
export function itemLine(item: ItemRow, currency: Currency): ItemLineValues {
  const line = dealItem(item);
  return {
    key: newKey('line'),
    kind: 'item',
    item: line,
    price:
      currency === 'GBP' && line.suggestedPrice !== null ? toDecimal(line.suggestedPrice).toFixed(2) : '',
  };
}

export const otherLine = (): OtherLineValues => ({
  key: newKey('line'),
  kind: 'other',
  description: '',
  price: '',
  vatRate: 'standard',
});

export const partExchangeLine = (): PartExchangeValues => ({
  key: newKey('line'),
  kind: 'part_exchange',
  serial: '',
  stockType: 'Watches',
  brand: '',
  model: '',
  description: '',
  price: '',
});

export const itemName = (item: Pick<DealItem, 'brand' | 'model' | 'serial'>) =>
  [item.brand, item.model].filter(Boolean).join(' ') || item.serial;

// ------------------------------------------------------------------------------------------------- totals

export interface DealTotalsPreview {
  goods: Decimal;
  partExchange: Decimal;
  due: Decimal;
  paid: Decimal;
  balance: Decimal;
  /** Every price, amount and rate on the deal reads as a number: the figures are the service's. */
  complete: boolean;
}

/** GBP per unit of `currency`: 1 for pounds, else the typed rate (null while it is not a number). */
function rateOf(currency: Currency, rate: string): Decimal | null {
  return currency === 'GBP' ? toDecimal(1) : parseDecimal(rate);
}

/** round2(amount × rate): the GBP value the service records for a line or a payment; null while unreadable. */
function inPounds(amount: string, currency: Currency, rate: string): Decimal | null {
  const value = parseDecimal(amount);
  const perUnit = rateOf(currency, rate);
  return value && perUnit ? productRounded(value, perUnit) : null;
}

/**
 * contracts/src/deals.ts, MONEY: goods = Σ item and other lines, partExchange = Σ allowances, due = goods −
 * partExchange, paid = Σ in − Σ out, balance = due − paid; every line and payment in GBP at its own rate,
 * round2 each. A figure not (yet) a number counts as nothing and marks the totals incomplete.
 */
export function dealTotals(values: Pick<DealValues, 'currency' | 'exchangeRate' | 'lines' | 'payments'>) {
  let complete = true;
  let goods = toDecimal(0);
  let partExchange = toDecimal(0);
  for (const line of values.lines) {
    const gbp = inPounds(line.price, values.currency, values.exchangeRate);
    if (!gbp) {
      complete = false;
      continue;
    }
    if (line.kind === 'part_exchange') partExchange = partExchange.plus(gbp);
    else goods = goods.plus(gbp);
  }
  let paid = toDecimal(0);
  for (const p of values.payments) {
    const gbp = inPounds(p.amount, p.currency, p.exchangeRate);
    if (!gbp) {
      complete = false;
      continue;
    }
    paid = p.direction === 'out' ? paid.minus(gbp) : paid.plus(gbp);
  }
  const due = goods.minus(partExchange);
  return { goods, partExchange, due, paid, balance: due.minus(paid), complete } satisfies DealTotalsPreview;
}

// ------------------------------------------------------------------------------------------------- checks

export type DealMode = 'complete' | 'reserve';

/**
 * What the browser can tell before sending, by the contracts' field rules (amounts, days, text); the service
 * checks everything again and its messages win.
 */
export function validateDeal(values: DealValues, mode: DealMode): DealProblems {
  const problems: DealProblems = {};
  const set = (name: keyof DealProblems, message: string | null) => {
    if (message) problems[name] ??= message;
  };
  const places = amountDecimals(values.currency);
  if (values.currency !== 'GBP') {
    set('exchangeRate', amountError(values.exchangeRate, RATE_DECIMALS, 'Exchange rate'));
  }
  set('date', dayError(values.date, 'Date', today()));
  if (!values.client) {
    if (values.buyerName.trim().length > NAME_MAX)
      set('buyerName', `Buyer name can be at most ${NAME_MAX} characters.`);
    set('buyerName', textRuleProblem(values.buyerName));
  }
  if (!values.lines.some((line) => line.kind !== 'part_exchange')) set('lines', DEAL_NO_SALE_LINE);
  if (values.lines.length > DEAL_MAX_LINES) set('lines', `A deal has at most ${DEAL_MAX_LINES} lines.`);
  if (values.payments.length > DEAL_MAX_PAYMENTS) {
    set('payments', `A deal has at most ${DEAL_MAX_PAYMENTS} payments.`);
  }
  set('notes', textRuleProblem(values.notes, 'multiline'));

  for (const line of values.lines) {
    const own = (field: string, message: string | null) => set(lineField(line.key, field), message);
    own('price', amountError(line.price, places, line.kind === 'part_exchange' ? 'Allowance' : 'Price'));
    if (line.kind === 'other') {
      if (isBlank(line.description)) own('description', 'Description is required.');
      own('description', textRuleProblem(line.description));
    }
    if (line.kind === 'part_exchange') {
      if (isBlank(line.serial)) own('serial', 'Serial is required.');
      for (const field of ['serial', 'brand', 'model', 'description'] as const)
        own(field, textRuleProblem(line[field]));
      if (!values.client) set('client', DEAL_PX_NEEDS_CLIENT);
      if (mode === 'reserve') set('lines', DEAL_RESERVE_NO_PX);
    }
  }
  for (const p of values.payments) {
    for (const [field, message] of Object.entries(paymentErrors(p))) set(paymentField(p.key, field), message);
    if (mode === 'reserve' && p.direction === 'out')
      set(paymentField(p.key, 'direction'), DEAL_RESERVE_NO_OUT);
  }
  if (mode === 'reserve') {
    if (!values.client) set('client', DEAL_RESERVE_NEEDS_CLIENT);
    if (values.payments.length === 0) set('payments', DEAL_RESERVE_NEEDS_DEPOSIT);
    if (isBlank(values.collectBy) || 'error' in parseDay(values.collectBy))
      set('collectBy', 'Choose the day the client collects by.');
    else if (!('error' in parseDay(values.date)) && values.collectBy <= values.date) {
      set('collectBy', 'The collect-by day must be after the deal’s day.');
    }
  }
  return problems;
}

// ------------------------------------------------------------------------------------------------- body

function lineBody(line: LineValues): DealLineInput {
  const price = line.price.trim();
  switch (line.kind) {
    case 'item':
      return { kind: 'item', itemId: line.item.id, price };
    case 'other':
      return { kind: 'other', description: line.description.trim(), price, vatRate: line.vatRate };
    case 'part_exchange': {
      const optional = (text: string) => (text.trim() ? text.trim() : undefined);
      return {
        kind: 'part_exchange',
        price,
        partExchange: {
          serial: line.serial.trim(),
          stockType: line.stockType,
          ...(optional(line.brand) ? { brand: line.brand.trim() } : {}),
          ...(optional(line.model) ? { model: line.model.trim() } : {}),
          ...(optional(line.description) ? { description: line.description.trim() } : {}),
        },
      };
    }
  }
}

/**
 * The deal as the service takes it (DealCreate): the buyer (a client, or a walk-in's name), the lines and
 * payments in the order shown, and for a reservation the day it is held until. A pound deal sends no rate (the
 * service fixes it at 1). The channel is always sent, as chosen: the Chrono24 7-day rule (contracts/src/feeds.ts)
 * reads it, so "Shop" is said, not assumed.
 */
export function dealBody(values: DealValues, mode: DealMode): DealCreate {
  const walkIn = values.client ? '' : values.buyerName.trim();
  return {
    ...(values.client ? { clientId: values.client.id } : {}),
    ...(walkIn ? { buyerName: walkIn } : {}),
    currency: values.currency,
    ...(values.currency === 'GBP' ? {} : { exchangeRate: values.exchangeRate.trim() }),
    date: values.date,
    lines: values.lines.map(lineBody),
    payments: values.payments.map(paymentBody),
    ...(mode === 'reserve' ? { reserve: { collectBy: values.collectBy } } : {}),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    channel: values.channel,
  };
}
