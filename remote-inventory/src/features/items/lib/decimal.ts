/*
 * Exact decimal arithmetic for the form's live totals. The service computes purchase prices in PostgreSQL
 * `numeric`; the form must show the very same number, so it works on the typed decimal strings with BigInt
 * instead of binary floats (10.01 × 1.5 is 15.015 exactly, which rounds to 15.02; floats say 15.01).
 */

/** A decimal as an integer and a power-of-ten scale: 12.5 → { units: 125n, scale: 1 }. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$|^(-)?\.(\d+)$/;

/** "1,234.50" or " 12 " → a Decimal; null for anything that is not a plain decimal number. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const negative = Boolean(match[1] ?? match[4]);
  const whole = match[2] ?? '0';
  const fraction = match[3] ?? match[5] ?? '';
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** How many digits follow the point, ignoring trailing zeros ("1.50" → 1). */
export function decimalPlaces(text: string): number {
  const value = parseDecimal(text);
  if (!value) return 0;
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** numerator / denominator rounded to an integer, halves away from zero (PostgreSQL's `round`). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Pence as a decimal string with two places: 123450n → "1234.50", -5n → "-0.05". */
export function formatPence(pence: bigint): string {
  const negative = pence < 0n;
  const digits = (negative ? -pence : pence).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A decimal rounded to pence (halves away from zero). */
export function toPence(value: Decimal): bigint {
  return value.scale <= 2
    ? value.units * pow10(2 - value.scale)
    : divideRounded(value.units, pow10(value.scale - 2));
}

/** round2(a × b), exactly: the GBP value of a sale price at an exchange rate, in pence. */
export function productPence(a: Decimal, b: Decimal): bigint {
  return divideRounded(a.units * b.units * 100n, pow10(a.scale + b.scale));
}
