import Big from 'big.js';

/*
 * Exact decimals for the forms' live figures. The service computes in PostgreSQL `numeric` (round2 of a
 * product, halves away from zero); a form that previews the same figure must not use binary floats, where
 * 1.005 is 1.00499… and rounds to 1.00 instead of 1.01.
 */

export type Decimal = Big;

export interface DecimalSyntax {
  /** Accept a leading minus ("-2.25"); a form that explains a negative value needs to read it first. */
  signed?: boolean;
  /** Accept thousands separators as the lists show them ("1,234.50"). */
  grouping?: boolean;
}

// The service's grammar (server/src/kernel/money.ts), so that a number the form reads is one it accepts:
// digits on both sides of the point, no exponent.
const PLAIN = /^\d+(?:\.\d+)?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/**
 * A typed decimal ("12.50", " 7 ") as an exact value; null for anything else (".5", "12.", exponents, currency
 * signs, and — unless `syntax` allows them — a sign or thousands separators).
 */
export function parseDecimal(text: string, syntax: DecimalSyntax = {}): Decimal | null {
  let body = text.trim();
  const negative = syntax.signed === true && body.startsWith('-');
  if (negative) body = body.slice(1);
  if (syntax.grouping && GROUPED.test(body)) body = body.replace(/,/g, '');
  if (!PLAIN.test(body)) return null;
  const value = new Big(body);
  return negative ? value.neg() : value;
}

/** A decimal from a JSON number, exactly as it was written (1234.5 is 1234.5, not 1234.49999…). */
export const toDecimal = (value: number | string): Decimal => new Big(value);

/** Digits after the point, trailing zeros ignored ("1.50" → 1). */
export function decimalPlaces(text: string): number {
  const fraction = text.trim().split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** Digits before the point, sign and leading zeros ignored ("0012.5" → 2, "0.5" → 0). */
export function wholeDigits(text: string): number {
  return (text.trim().replace(/^-/, '').split('.')[0] ?? '').replace(/,/g, '').replace(/^0+/, '').length;
}

/** Rounded to `places` decimals, halves away from zero (PostgreSQL's `round`, not banker's rounding). */
export const roundHalfAway = (value: Decimal, places = 2): Decimal => value.round(places, Big.roundHalfUp);

/** round2(a × b), exactly: an amount at an exchange rate in pounds. */
export const productRounded = (a: Decimal, b: Decimal, places = 2): Decimal =>
  roundHalfAway(a.times(b), places);

/** A decimal as the service writes money: "1234.50", "-0.05". */
export const formatFixed = (value: Decimal, places = 2): string =>
  roundHalfAway(value, places).toFixed(places);
