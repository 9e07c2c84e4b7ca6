/**
 * Money is exact: amounts travel as decimal strings into PostgreSQL `numeric` and every sum, product and
 * rounding happens there. A JSON number is turned into its shortest decimal form (what the user typed),
 * never multiplied or added in JavaScript.
 */
import { INVALID_NUMBER, plainAmount } from '@loupe/contracts';

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'BTC'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface DecimalRule {
  /** Digits allowed after the point: 2 for GBP amounts, 8 for BTC amounts and exchange rates. */
  maxDecimals: number;
  /** Digits allowed before the point. */
  maxWholeDigits: number;
  allowZero?: boolean;
  allowNegative?: boolean;
  /**
   * An amount in this currency: typed text may start with its sign ("£10,500.00" for GBP). Without one (rates,
   * percentages) no sign is accepted; thousands separators are accepted either way (contracts' plainAmount).
   */
  currency?: Currency;
}

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
 * explains why it is not acceptable. Text is read by the one amount rule every form uses (contracts'
 * plainAmount): "10500", "10,500" and, for a GBP amount, "£10,500.00" are the same 10500; "10,50" is refused.
 */
export function parseDecimal(value: unknown, rule: DecimalRule): { value: string } | { error: string } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { error: INVALID_NUMBER };
    // Shortest round-trip form; exponent notation only appears for values far outside any rule below.
    text = String(value);
  } else if (typeof value === 'string') {
    const plain = plainAmount(value, { currency: rule.currency });
    if (plain === null) return { error: INVALID_NUMBER };
    text = plain;
  } else {
    return { error: INVALID_NUMBER };
  }
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { error: INVALID_NUMBER };
  const [, sign, whole = '', fraction = ''] = match;
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const fractionDigits = fraction.replace(/0+$/, '');
  if (fractionDigits.length > rule.maxDecimals) {
    return { error: `Ensure that there are no more than ${rule.maxDecimals} decimal places.` };
  }
  if (wholeDigits.length > rule.maxWholeDigits) {
    return {
      error: `Ensure that there are no more than ${rule.maxWholeDigits} digits before the decimal point.`,
    };
  }
  const isZero = /^0*$/.test(wholeDigits) && fractionDigits === '';
  if (sign && !isZero && !rule.allowNegative)
    return { error: 'Ensure this value is greater than or equal to 0.' };
  if (isZero && !rule.allowZero) return { error: 'Ensure this value is greater than 0.' };
  const canonical = `${sign && !isZero ? '-' : ''}${wholeDigits}${fractionDigits ? `.${fractionDigits}` : ''}`;
  return { value: canonical };
}

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
