import { formatMoney } from '@loupe/platform';

/** Decimals an amount may carry in each currency (the service's rule): BTC 8, the others 2. */
export const amountDecimals = (currency: string): number => (currency === 'BTC' ? 8 : 2);

/**
 * An amount with its currency sign to two decimals; a BTC amount keeps the satoshis it has beyond that
 * (₿0.00125 shown as ₿0.00 would hide the whole payment).
 */
export function formatAmount(amount: number, currency = 'GBP'): string {
  if (!Number.isFinite(amount)) return '';
  if (currency !== 'BTC') return formatMoney(amount, currency);
  const digits = Math.abs(amount).toFixed(8).replace(/0+$/, '');
  const decimals = Math.max(2, digits.length - digits.indexOf('.') - 1);
  const abs = Math.abs(amount).toLocaleString('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${amount < 0 ? '-' : ''}₿${abs}`;
}
