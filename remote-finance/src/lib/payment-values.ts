import {
  dayBoundsProblem,
  decimalPlacesMessage,
  DEFAULT_PAYMENT_METHOD,
  INVALID_NUMBER,
  isBlank,
  NOT_NEGATIVE,
  parseDay,
  POSITIVE,
  readDecimal,
  type Currency,
  type DealPaymentInput,
  type PaymentDirection,
  type PaymentMethod,
} from '@loupe/contracts';
import { amountDecimals, rowFieldName, type Decimal } from '@loupe/platform';

/*
 * A payment as typed on a screen that takes several (a deal's payments in and out, a purchase's payments out):
 * the amount and rate stay the decimal text until the service parses them exactly. Shared by the deals and
 * purchases features, so both read and check a payment the same way.
 */

export interface PaymentValues {
  key: string;
  method: PaymentMethod;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  direction: PaymentDirection;
}

/** The most decimals a rate to pounds may have (the service's exchange-rate rule). */
export const RATE_DECIMALS = 8;

export const DIRECTION_LABELS: Record<PaymentDirection, string> = { in: 'In', out: 'Out' };

let nextKey = 0;
/** A row's identity on screen (a line, a payment): stable while others are added and removed. */
export const newKey = (prefix: string) => `${prefix}${(nextKey += 1)}`;

/** A payment's field's name in its form (its message's and its control's): `payments:pay2:amount`. */
export const paymentField = (key: string, field: string) => rowFieldName('payments', key, field);

/** A new payment in pounds, prefilled with what is left (`balance`): money out when it is below zero. */
export function payment(balance?: Decimal, direction?: PaymentDirection): PaymentValues {
  return {
    key: newKey('pay'),
    method: DEFAULT_PAYMENT_METHOD,
    amount: balance && !balance.eq(0) ? balance.abs().toFixed(2) : '',
    currency: 'GBP',
    exchangeRate: '',
    direction: direction ?? (balance && balance.lt(0) ? 'out' : 'in'),
  };
}

/**
 * Why a typed amount (or rate) cannot be sent, or null: the contracts' one amount rule, the service's own
 * (readDecimal: "10,500" and "10500" alike; 12 digits before the point, as kernel/money.ts's AMOUNT_RULE and
 * RATE_RULE), its refusals said in the screen's words ("Price is required.").
 */
export function amountError(text: string, places: number, label = 'This field'): string | null {
  if (isBlank(text)) return `${label} is required.`;
  const read = readDecimal(text, { maxDecimals: places, maxWholeDigits: 12 });
  if (!('error' in read)) return null;
  if (read.error === INVALID_NUMBER || read.error === NOT_NEGATIVE)
    return `${label} must be a positive number.`;
  if (read.error === decimalPlacesMessage(places))
    return `${label} can have at most ${places} decimal places.`;
  if (read.error === POSITIVE) return `${label} must be greater than zero.`;
  return read.error;
}

/**
 * Why a day typed cannot be sent, or null: required, a calendar day (contracts' parseDay) and, for a deal's or a
 * purchase's day or a register search, not after today (dayBoundsProblem).
 */
export function dayError(day: string, label: string, notAfter: string | undefined): string | null {
  if (isBlank(day)) return `${label} is required.`;
  const parsed = parseDay(day);
  if ('error' in parsed) return parsed.error;
  return notAfter === undefined ? null : dayBoundsProblem(parsed.value, { notAfter });
}

/** What the browser can tell of one payment before sending: its amount, and its rate for another currency. */
export function paymentErrors(p: PaymentValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const amount = amountError(p.amount, amountDecimals(p.currency), 'Amount');
  if (amount) errors.amount = amount;
  if (p.currency !== 'GBP') {
    const rate = amountError(p.exchangeRate, RATE_DECIMALS, 'Exchange rate');
    if (rate) errors.exchangeRate = rate;
  }
  return errors;
}

/** A payment as the service takes it; a pound payment sends no rate (the service fixes it at 1). */
export function paymentBody(p: PaymentValues): DealPaymentInput {
  return {
    method: p.method,
    amount: p.amount.trim(),
    currency: p.currency,
    ...(p.currency === 'GBP' ? {} : { exchangeRate: p.exchangeRate.trim() }),
    direction: p.direction,
  };
}
