import { isBlank, plainAmount, readDecimal, REQUIRED, type Currency } from '@loupe/contracts';

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
 * Why a typed amount cannot be sent, or null: the contracts' readDecimal, the one amount rule the service reads
 * it with ("10,500" and "£10,500.00" are 10500, "10,50" is refused), in the service's DRF words, so a value the
 * form accepts is one the service accepts too. Blank is REQUIRED's business; `max` bounds a percentage.
 */
export function checkDecimal(text: string, check: DecimalCheck = {}): string | null {
  if (isBlank(text)) return check.required ? REQUIRED : null;
  const read = readDecimal(text, {
    maxDecimals: check.maxDecimals ?? 2,
    maxWholeDigits: 12,
    allowZero: check.allowZero,
    currency: check.currency ?? undefined,
  });
  if ('error' in read) return read.error;
  if (check.max !== undefined && Number(read.value) > check.max) {
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
