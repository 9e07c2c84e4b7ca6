import { decimalPlaces, parseDecimal } from '@loupe/platform';

export interface DecimalCheck {
  required?: boolean;
  maxDecimals?: number;
  allowZero?: boolean;
  /** Upper bound (inclusive), e.g. 100 for a percentage. */
  max?: number;
}

/**
 * Why a typed amount cannot be sent, or null. The messages match the service's DRF texts, so a value the
 * form accepts is one the service accepts too.
 */
export function checkDecimal(text: string, check: DecimalCheck = {}): string | null {
  const value = text.trim();
  if (value === '') return check.required ? 'This field is required.' : null;
  const parsed = parseDecimal(value, { signed: true });
  if (!parsed || /,/.test(value)) return 'A valid number is required.';
  const maxDecimals = check.maxDecimals ?? 2;
  if (decimalPlaces(value) > maxDecimals) {
    return `Ensure that there are no more than ${maxDecimals} decimal places.`;
  }
  if (parsed.lt(0)) return 'Ensure this value is greater than or equal to 0.';
  if (parsed.eq(0) && !check.allowZero) return 'Ensure this value is greater than 0.';
  if (check.max !== undefined && Number(value) > check.max) {
    return `Ensure this value is less than or equal to ${check.max}.`;
  }
  return null;
}

/** Price filters accept what the lists show ("£1,234.50"); null when the text is not a price. */
export function normalisePriceFilter(text: string): string | null {
  const bare = text.replace(/[£,\s]/g, '');
  if (bare === '') return '';
  if (!/^\d+(\.\d{1,2})?$/.test(bare)) return null;
  return bare;
}
