/*
 * Exact decimals for the Payment dialog. The service converts an amount to GBP in PostgreSQL `numeric`
 * (round2(amount × rate), halves away from zero); the dialog previews the same figure, so it works on the
 * typed strings with BigInt rather than binary floats (0.1 × 3 is 0.30, not 0.30000000000000004).
 */

/** A decimal as an integer and a power-of-ten scale: 12.5 → { units: 125n, scale: 1 }. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const PLAIN = /^(\d+)(?:\.(\d+))?$|^\.(\d+)$/;

/** "12.50" → a Decimal; null for anything but a plain non-negative decimal (no sign, no commas). */
export function parseDecimal(text: string): Decimal | null {
  const match = PLAIN.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/** Digits after the point, trailing zeros ignored ("1.50" → 1). */
export function decimalPlaces(text: string): number {
  const fraction = text.trim().split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** Digits before the point, leading zeros ignored ("0012.5" → 2, "0.5" → 0). */
export function wholeDigits(text: string): number {
  const whole = (text.trim().split('.')[0] ?? '').replace(/^0+/, '');
  return whole.length;
}

function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** round2(a × b) in pence, exactly, halves away from zero. */
export function productPence(a: Decimal, b: Decimal): bigint {
  return divideRounded(a.units * b.units * 100n, 10n ** BigInt(a.scale + b.scale));
}

/** A JSON money number (at most two decimals) in pence, without float drift: 1234.5 → 123450n. */
export function numberToPence(value: number): bigint {
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(2).split('.');
  const pence = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return value < 0 ? -pence : pence;
}

/** Pence as a number with two decimals for display: -5n → -0.05. */
export function penceToNumber(pence: bigint): number {
  const negative = pence < 0n;
  const digits = (negative ? -pence : pence).toString().padStart(3, '0');
  return Number(`${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}
