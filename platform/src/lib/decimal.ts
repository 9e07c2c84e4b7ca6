import { plainAmount, type Currency } from '@loupe/contracts';
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
  /**
   * The amount's currency: its sign may lead it ("£10,500.00" for GBP). Omitted (a rate, a percentage, or an
   * amount whose currency is not known): no sign.
   */
  currency?: Currency | null;
}

/**
 * A typed decimal as an exact value, read by the one amount rule the service reads it with (contracts'
 * plainAmount): "12.50", " 7 ", "10,500", "1,234,567.89" and, given its currency, "£10,500.00". null for
 * anything else: ".5", "12.", exponents, misplaced separators ("10,50", "1,0000"), another currency's sign,
 * and — unless `syntax.signed` — a minus.
 */
export function parseDecimal(text: string, syntax: DecimalSyntax = {}): Decimal | null {
  const plain = plainAmount(text, { currency: syntax.currency ?? null });
  if (plain === null || (plain.startsWith('-') && syntax.signed !== true)) return null;
  return new Big(plain);
}

/** A decimal from a JSON number, exactly as it was written (1234.5 is 1234.5, not 1234.49999…). */
export const toDecimal = (value: number | string): Decimal => new Big(value);

/** Digits after the point, trailing zeros ignored ("1.50" → 1). */
export function decimalPlaces(text: string): number {
  const fraction = text.trim().split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** Digits before the point, sign, currency sign, separators and leading zeros ignored ("£1,234.5" → 4,
 * "0.5" → 0). */
export function wholeDigits(text: string): number {
  return (text.trim().split('.')[0] ?? '').replace(/\D/g, '').replace(/^0+/, '').length;
}

/** Rounded to `places` decimals, halves away from zero (PostgreSQL's `round`, not banker's rounding). */
export const roundHalfAway = (value: Decimal, places = 2): Decimal => value.round(places, Big.roundHalfUp);

/** round2(a × b), exactly: an amount at an exchange rate in pounds. */
export const productRounded = (a: Decimal, b: Decimal, places = 2): Decimal =>
  roundHalfAway(a.times(b), places);

/** A decimal as the service writes money: "1234.50", "-0.05". */
export const formatFixed = (value: Decimal, places = 2): string =>
  roundHalfAway(value, places).toFixed(places);
