import {
  decimalPlacesMessage,
  INVALID_NUMBER,
  isBlank,
  NOT_NEGATIVE,
  POSITIVE,
  readDecimal,
  wholeDigitsMessage,
  type Currency,
  type LedgerDirection,
} from '@loupe/contracts';
import { amountDecimals, parseDecimal, productRounded, toDecimal, type Decimal } from '@loupe/platform';

export const DIRECTION_LABELS: Record<LedgerDirection, string> = {
  received: 'Received from client',
  paid: 'Paid to client',
};

interface DecimalRule {
  label: string;
  maxDecimals: number;
  maxWholeDigits: number;
  /** An amount's currency, whose sign it may start with ("£10,500"); none for a rate. */
  currency?: Currency;
}

/**
 * Why a typed decimal cannot be sent, or null: read by the contracts' readDecimal, the service's own rule and
 * limits (contracts/src/clients.ts), its refusals said in this form's words.
 */
function checkDecimal(text: string, rule: DecimalRule): string | null {
  if (isBlank(text)) return `${rule.label} is required.`;
  const read = readDecimal(text, rule);
  if (!('error' in read)) return null;
  switch (read.error) {
    case INVALID_NUMBER:
    case NOT_NEGATIVE:
      return `${rule.label} must be a number.`;
    case POSITIVE:
      return `${rule.label} must be greater than zero.`;
    case decimalPlacesMessage(rule.maxDecimals):
      return `${rule.label} can have at most ${rule.maxDecimals} decimal places.`;
    case wholeDigitsMessage(rule.maxWholeDigits):
      return `${rule.label} can have at most ${rule.maxWholeDigits} digits before the decimal point.`;
    default:
      return read.error;
  }
}

export const checkAmount = (text: string, currency: Currency): string | null =>
  checkDecimal(text, {
    label: 'Amount',
    maxDecimals: amountDecimals(currency),
    maxWholeDigits: currency === 'BTC' ? 7 : 12,
    currency,
  });

/** The service keeps a rate to 8 places (contracts/src/clients.ts). */
export const RATE_DECIMALS = 8;

export const checkRate = (text: string): string | null =>
  checkDecimal(text, { label: 'Exchange rate', maxDecimals: RATE_DECIMALS, maxWholeDigits: 7 });

/**
 * The payment's worth in pounds, signed as it will move the balance (received +, paid −), computed as the
 * service does (round2(amount × rate)); null while the amount or rate cannot be read.
 */
export function paymentWorth(
  direction: LedgerDirection,
  amount: string,
  currency: Currency,
  rate: string,
): Decimal | null {
  const a = parseDecimal(amount, { currency });
  const r = currency === 'GBP' ? toDecimal(1) : parseDecimal(rate);
  if (!a || !r || a.eq(0) || r.eq(0)) return null;
  const worth = productRounded(a, r);
  return direction === 'paid' ? worth.neg() : worth;
}
