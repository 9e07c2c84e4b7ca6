import type { Currency } from './constants';

/*
 * One rule for reading a typed amount, used by the server (kernel/money.ts parseDecimal) and by every browser
 * form, so that what a form accepts is what the service accepts. Every amount is shown as "£10,500.00", and a
 * user types or pastes what they see:
 *
 * - "10500", "10500.5", "10,500", "1,234,567.89" and "£10,500.00" are all read; spaces around are ignored.
 * - Thousands separators are commas between groups of exactly three digits, the first group 1–3 digits not
 *   starting with 0: "10,50", "1,0000", ",500", "0,500" and "1,234.567,8" are refused, since "10,50" is how
 *   much of Europe writes 10.50 and guessing would misread a price a hundredfold.
 * - A currency sign may lead the number only when it is the sign of the amount's own currency (£ for GBP,
 *   $ for USD, € for EUR, ₿ for BTC), optionally followed by one space: "$100" typed as a GBP price is refused
 *   rather than silently read as £100. A value that is not in a currency (an exchange rate, a percentage)
 *   takes no sign.
 * - A minus may come before or after the sign ("-£5", "£-5"): the caller's rule decides whether negatives are
 *   allowed and says so in its own words.
 * - What this refuses is refused with INVALID_NUMBER, the service's (DRF's) words for any unreadable number.
 */

/** The sign of each currency, as an amount in it may be typed. */
export const CURRENCY_SIGNS: Readonly<Record<Currency, string>> = {
  GBP: '£',
  USD: '$',
  EUR: '€',
  BTC: '₿',
};

/** What a number that cannot be read is refused with (the service's and every form's words). */
export const INVALID_NUMBER = 'A valid number is required.';

export interface AmountSyntax {
  /** The currency of the amount: its sign may lead it. Omitted or null: no sign is accepted. */
  currency?: Currency | null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// digits: plain ("10500") or grouped by threes ("10,500"); then an optional fraction.
const NUMBER = '(\\d+|[1-9]\\d{0,2}(?:,\\d{3})+)(?:\\.(\\d+))?';

function grammar(sign: string | null): RegExp {
  const signed = sign === null ? '' : `(?:${escape(sign)} ?)?`;
  return new RegExp(`^(-?)${signed}(-?)${NUMBER}$`, 'u');
}

const PLAIN = grammar(null);
const BY_SIGN = new Map<string, RegExp>();

/**
 * A typed amount as plain decimal text, separators and sign dropped and nothing else changed:
 * "10,500" → "10500", " £10,500.00 " → "10500.00", "-£1,234.5" → "-1234.5". null when it is not a number by
 * the rule above (then INVALID_NUMBER is the message). Leading and trailing zeros stay: the caller's rule
 * counts digits and decimals on this text.
 */
export function plainAmount(text: string, syntax: AmountSyntax = {}): string | null {
  const sign = syntax.currency ? CURRENCY_SIGNS[syntax.currency] : null;
  let pattern = PLAIN;
  if (sign !== null) {
    pattern = BY_SIGN.get(sign) ?? grammar(sign);
    BY_SIGN.set(sign, pattern);
  }
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const [, before = '', after = '', whole = '', fraction] = match;
  if (before && after) return null;
  return `${before || after}${whole.replace(/,/g, '')}${fraction === undefined ? '' : `.${fraction}`}`;
}
