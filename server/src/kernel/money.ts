/**
 * Money is exact: amounts travel as decimal strings into PostgreSQL `numeric` and every sum, product and
 * rounding happens there. A JSON number is turned into its shortest decimal form (what the user typed),
 * never multiplied or added in JavaScript.
 */
import { readDecimal, type DecimalRule } from '@loupe/contracts';

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'BTC'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** How many digits an amount may have: the contracts' rule (field-rules.ts), which the browser's forms check too. */
export type { DecimalRule };

/** A pounds amount (every GBP-only price: retail, trade, agreed, promotional). */
export const AMOUNT_RULE: DecimalRule = { maxDecimals: 2, maxWholeDigits: 12, currency: 'GBP' };
/** BTC is priced in fractions of a coin; every other currency in hundredths. */
export const BTC_AMOUNT_RULE: DecimalRule = { maxDecimals: 8, maxWholeDigits: 12, currency: 'BTC' };
export const RATE_RULE: DecimalRule = { maxDecimals: 8, maxWholeDigits: 12 };

/** What a rate to GBP must be for pounds themselves: the one rule of every form with a currency and a rate. */
export const GBP_RATE_IS_ONE = 'Must be 1 for GBP.';
/** GBP_RATE_IS_ONE when `currency` is GBP and the parsed `rate` (a normalised decimal) is not 1, else null. */
export const gbpRateProblem = (currency: string | null, rate: string | null): string | null =>
  currency === 'GBP' && rate !== null && rate !== '1' ? GBP_RATE_IS_ONE : null;

export const amountRuleFor = (currency: string): DecimalRule =>
  currency === 'BTC'
    ? BTC_AMOUNT_RULE
    : { ...AMOUNT_RULE, currency: isCurrency(currency) ? currency : undefined };

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/**
 * Parses a number or numeric string into a canonical decimal string, or returns the DRF-style message that
 * explains why it is not acceptable: the contracts' readDecimal, the one amount rule every form checks too
 * ("10500", "10,500" and, for a GBP amount, "£10,500.00" are the same 10500; "10,50" is refused).
 */
export const parseDecimal: (value: unknown, rule: DecimalRule) => { value: string } | { error: string } =
  readDecimal;

/**
 * A `numeric` value read back from PostgreSQL (a string) as a JSON number. Safe for values with at most two
 * decimals and fewer than 15 significant digits, which every stored money column is.
 */
export const moneyOut = (value: string | number | null): number => (value === null ? 0 : Number(value));

/** Pence of a decimal text of pounds with at most two places ("-12.5" → -1250n), exact. */
export function penceOf(value: string): bigint {
  const negative = value.trim().startsWith('-');
  const [whole = '0', fraction = ''] = value.trim().replace(/^[-+]/, '').split('.');
  const p = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -p : p;
}

/** The decimal text of a sum in pence ("1234.50", "-0.05"). */
export function poundsOf(p: bigint): string {
  const negative = p < 0n;
  const abs = negative ? -p : p;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Σ of decimal texts of pounds (two places at most), exact: what the database's numeric sum would answer. */
export const sumPounds = (values: readonly string[]): string =>
  poundsOf(values.reduce((sum, v) => sum + penceOf(v), 0n));

/**
 * An amount in pounds, exactly: amount × exchange rate (both decimal strings, e.g. '0.05', '48123.45678901'),
 * rounded half-up to the penny, as the ledger's amount_gbp is (round(amount × rate, 2)). For a check made before
 * anything is written (the client guard's threshold); stored amounts are multiplied in PostgreSQL.
 */
export function gbpOf(amount: string, exchangeRate: string): string {
  const scaled = (v: string): [bigint, number] => {
    const neg = v.trim().startsWith('-');
    const [whole = '0', frac = ''] = v.trim().replace(/^[-+]/, '').split('.');
    const n = BigInt(`${whole}${frac}` || '0');
    return [neg ? -n : n, frac.length];
  };
  const [a, ad] = scaled(amount);
  const [r, rd] = scaled(exchangeRate);
  const product = a * r;
  const decimals = ad + rd;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  let pence: bigint;
  if (decimals >= 2) {
    const div = 10n ** BigInt(decimals - 2);
    pence = (abs + div / 2n) / div;
  } else pence = abs * 10n ** BigInt(2 - decimals);
  const text = pence.toString().padStart(3, '0');
  return `${negative && pence > 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}
