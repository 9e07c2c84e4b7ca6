import type { Decimal } from './lib/decimal';

/** Decimals an amount may carry in each currency (the service's rule): BTC 8, the others 2. */
export const amountDecimals = (currency: string): number => (currency === 'BTC' ? 8 : 2);

const LOCALE = 'en-GB';
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format =
      currency === 'BTC'
        ? // Intl knows no bitcoin: its ₿ is added by hand, and an amount keeps the satoshis it has beyond two
          // places (₿0.00125 shown as ₿0.00 would hide the whole payment).
          new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 8 })
        : // narrowSymbol: `$` for USD, where en-GB's plain symbol is `US$`.
          new Intl.NumberFormat(LOCALE, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * Money with its currency sign and thousands separators: `£1,234.50`, `-£20.00`, `$3.00`, `₿0.0125`. The sign
 * stands before the currency sign, and an amount that rounds to zero has none (`£0.00`, never `-£0.00`).
 */
export function formatMoney(amount: number | string | Decimal, currency = 'GBP'): string {
  const value = typeof amount === 'number' ? amount : Number(amount.toString());
  if (!Number.isFinite(value)) return '';
  const body = moneyFormat(currency).format(Math.abs(value));
  const sign = value < 0 && /[1-9]/.test(body) ? '-' : '';
  return currency === 'BTC' ? `${sign}₿${body}` : `${sign}${body}`;
}

/** A whole number as people read it: 12,345. */
export const formatCount = (n: number): string => n.toLocaleString(LOCALE);

const pluralRules = new Intl.PluralRules(LOCALE);

/** "1 client", "3 clients", "1,204 items": the count and the noun in its form for that count. */
export const plural = (n: number, one: string, other: string): string =>
  `${formatCount(n)} ${pluralRules.select(n) === 'one' ? one : other}`;
