import { formatMoney } from '@loupe/platform';

/** Decimals an amount may carry in each currency (the service's rule): BTC 8, the others 2. */
export const amountDecimals = (currency: string): number => (currency === 'BTC' ? 8 : 2);

/**
 * An amount with its currency sign to two decimals (SPEC §2: the expense list shows two decimals). A BTC
 * amount keeps the satoshis it has beyond that — ₿0.00125000 shown as ₿0.00 would hide the whole value.
 */
export function formatAmount(amount: number | string, currency = 'GBP'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return '';
  if (currency !== 'BTC') return formatMoney(value, currency);
  const digits = value.toFixed(8).replace(/0+$/, '');
  const decimals = Math.max(2, digits.length - digits.indexOf('.') - 1);
  const abs = Math.abs(value).toLocaleString('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${value < 0 ? '-' : ''}₿${abs}`;
}

/** Why a typed decimal cannot be sent, or null. `label` starts the message ("Amount is required."). */
export function decimalError(value: string, label: string, maxDecimals: number): string | null {
  const text = value.trim();
  if (!text) return `${label} is required.`;
  if (!/^\d+(\.\d+)?$/.test(text)) return `${label} must be a positive number.`;
  if ((text.split('.')[1] ?? '').length > maxDecimals) {
    return `${label} can have at most ${maxDecimals} decimal places.`;
  }
  if (Number(text) <= 0) return `${label} must be greater than zero.`;
  return null;
}
