import { INVALID_NUMBER, plainAmount, type Currency } from '@loupe/contracts';
import { decimalPlaces, parseDecimal } from '@loupe/platform';

export interface DecimalCheck {
  required?: boolean;
  maxDecimals?: number;
  allowZero?: boolean;
  /** Upper bound (inclusive), e.g. 100 for a percentage. */
  max?: number;
  /** The amount's currency, whose sign it may start with ("£10,500"); none for a rate or a percentage. */
  currency?: Currency | null;
}

/**
 * Why a typed amount cannot be sent, or null. It is read by the one amount rule the service reads it with
 * (contracts' plainAmount: "10,500" and "£10,500.00" are 10500, "10,50" is refused), and the messages are the
 * service's DRF texts, so a value the form accepts is one the service accepts too.
 */
export function checkDecimal(text: string, check: DecimalCheck = {}): string | null {
  const value = text.trim();
  if (value === '') return check.required ? 'This field is required.' : null;
  const parsed = parseDecimal(value, { signed: true, currency: check.currency ?? null });
  if (!parsed) return INVALID_NUMBER;
  const maxDecimals = check.maxDecimals ?? 2;
  if (decimalPlaces(value) > maxDecimals) {
    return `Ensure that there are no more than ${maxDecimals} decimal places.`;
  }
  if (parsed.lt(0)) return 'Ensure this value is greater than or equal to 0.';
  if (parsed.eq(0) && !check.allowZero) return 'Ensure this value is greater than 0.';
  if (check.max !== undefined && parsed.gt(check.max)) {
    return `Ensure this value is less than or equal to ${check.max}.`;
  }
  return null;
}

/** A typed amount as the service reads it ("£10,500.00" → "10500.00"), or the text as typed when unreadable. */
export const amountText = (text: string, currency: Currency | null = null): string =>
  plainAmount(text, { currency }) ?? text.trim();

/**
 * Price filters accept what the lists show ("£1,234.50"), by the one amount rule; null when the text is not a
 * price (more than two decimals, a minus, a misplaced separator).
 */
export function normalisePriceFilter(text: string): string | null {
  if (text.trim() === '') return '';
  const plain = plainAmount(text, { currency: 'GBP' });
  if (plain === null || !/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return plain;
}
