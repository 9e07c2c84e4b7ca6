import { INVALID_NUMBER, plainAmount } from './amounts';
import type { Currency } from './constants';
import { textProblem, type TextKind, type TextProblem } from './text-rules';

/*
 * The field rules every form and every service shares, written once as plain functions (issue 21 item 5): the
 * browser's forms (through platform/src/form) and the server's input parsers (server/src/kernel/validation.ts
 * and the modules' input.ts) call these, so a value one accepts is a value the other accepts. No schema builder
 * here, so the browser's view of the contracts (browser.ts) exports this file as it is.
 *
 * Each rule answers the service's (DRF's) own words for a refusal. A form that says it in its own words (SPEC §5:
 * "Name is required.") keeps the rule and passes its message.
 */

/** DRF's words for a required field that was not sent or was blank. */
export const REQUIRED = 'This field is required.';

/** Nothing but white space (or nothing at all). */
export const isBlank = (value: string | null | undefined): boolean =>
  value === undefined || value === null || value.trim() === '';

// ── Amounts ─────────────────────────────────────────────────────────────────────────────────────────────────

/** How many digits an amount (or a rate) may have, and whether zero or a minus is accepted. */
export interface DecimalRule {
  /** Digits allowed after the point: 2 for GBP amounts, 8 for BTC amounts and exchange rates. */
  maxDecimals: number;
  /** Digits allowed before the point. */
  maxWholeDigits: number;
  allowZero?: boolean;
  allowNegative?: boolean;
  /**
   * An amount in this currency: typed text may start with its sign ("£10,500.00" for GBP). Without one (rates,
   * percentages) no sign is accepted; thousands separators are accepted either way (plainAmount).
   */
  currency?: Currency;
}

export const decimalPlacesMessage = (places: number) =>
  `Ensure that there are no more than ${places} decimal places.`;
export const wholeDigitsMessage = (digits: number) =>
  `Ensure that there are no more than ${digits} digits before the decimal point.`;
export const NOT_NEGATIVE = 'Ensure this value is greater than or equal to 0.';
export const POSITIVE = 'Ensure this value is greater than 0.';

/**
 * The one amount rule: a number or typed text as a canonical decimal string ("10,500", "£10,500.00" and "10500"
 * are all "10500" for a GBP amount; "10,50" is refused), or the service's message for why it is not acceptable:
 * unreadable (INVALID_NUMBER), too many decimal places, too many digits, negative or zero where the rule
 * refuses it. The server's parseDecimal (kernel/money.ts) is this function.
 */
export function readDecimal(value: unknown, rule: DecimalRule): { value: string } | { error: string } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { error: INVALID_NUMBER };
    // Shortest round-trip form; exponent notation only appears for values far outside any rule.
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
  if (fractionDigits.length > rule.maxDecimals) return { error: decimalPlacesMessage(rule.maxDecimals) };
  if (wholeDigits.length > rule.maxWholeDigits) return { error: wholeDigitsMessage(rule.maxWholeDigits) };
  const isZero = /^0*$/.test(wholeDigits) && fractionDigits === '';
  if (sign && !isZero && !rule.allowNegative) return { error: NOT_NEGATIVE };
  if (isZero && !rule.allowZero) return { error: POSITIVE };
  return {
    value: `${sign && !isZero ? '-' : ''}${wholeDigits}${fractionDigits ? `.${fractionDigits}` : ''}`,
  };
}

/** readDecimal's message, or null when the text is an acceptable amount (blank is `required`'s business). */
export const amountProblem = (value: string, rule: DecimalRule): string | null => {
  const read = readDecimal(value, rule);
  return 'error' in read ? read.error : null;
};

// ── Days ────────────────────────────────────────────────────────────────────────────────────────────────────

/** DRF's words for a day that is not YYYY-MM-DD or not on the calendar. */
export const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
export const NOT_IN_FUTURE = 'Ensure this date is not in the future.';
export const NOT_IN_PAST = 'Ensure this date is not in the past.';

/** A real calendar day written YYYY-MM-DD (from 1900), trimmed; or DATE_FORMAT. */
export function parseDay(value: string): { value: string } | { error: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return { error: DATE_FORMAT };
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return { error: DATE_FORMAT };
  }
  return { value: value.trim() };
}

/**
 * What is wrong with a day against its bounds (YYYY-MM-DD, compared as text, which orders days): after
 * `notAfter` (today, in the shop's zone, for a sale, a payment, a purchase) is "in the future"; before
 * `notBefore` "in the past". null when within them. The day itself must already be a day (parseDay).
 */
export function dayBoundsProblem(
  day: string,
  bounds: { notAfter?: string; notBefore?: string },
): string | null {
  if (bounds.notAfter !== undefined && day > bounds.notAfter) return NOT_IN_FUTURE;
  if (bounds.notBefore !== undefined && day < bounds.notBefore) return NOT_IN_PAST;
  return null;
}

/**
 * The one date-range check: a range of two days (YYYY-MM-DD) the wrong way round, `to` before `from`. Either
 * end left out is no range to check. Every filtered list of the API, the reports and the list pages ask this.
 */
export const isRangeReversed = (from: string | null | undefined, to: string | null | undefined): boolean =>
  !isBlank(from) && !isBlank(to) && (from as string).trim() > (to as string).trim();

/** The API's words for a reversed `date_from` … `date_to`, on `date_to`. */
export const RANGE_REVERSED = 'Ensure this date is not before date_from.';
/** The reports' words for a reversed custom range, on `to` (server's finance reports). */
export const REPORT_RANGE_REVERSED = 'Ensure To is on or after From.';
/** What a list page's From/To filter says, beside To, before it asks anything. */
export const FILTER_RANGE_REVERSED = 'To must be on or after From.';

// ── E-mail ──────────────────────────────────────────────────────────────────────────────────────────────────

export const INVALID_EMAIL = 'Enter a valid email address.';

// Django's EmailValidator (its allowlist: localhost), less the quoted-local-part and address-literal forms that
// nobody types.
const EMAIL_USER = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const EMAIL_DOMAIN = /^((?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+)(?:[A-Z0-9-]{2,63}(?<!-))$/i;

/** The WHATWG URL parser, in the browser and in Node alike (contracts compile without either's types). */
const WhatwgUrl = (globalThis as unknown as { URL: new (url: string) => { hostname: string } }).URL;

/** An internationalised domain as its ASCII (punycode) form, as the WHATWG URL parser computes it; '' if none. */
function asciiDomain(domain: string): string {
  if (/[\s/?#@:%[\]\\]/.test(domain)) return '';
  try {
    return new WhatwgUrl(`http://${domain}/`).hostname;
  } catch {
    return '';
  }
}

/** An e-mail address the service stores (at most 254 characters, RFC 5321's limit). */
export function isValidEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at === value.length - 1) return false;
  const user = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!EMAIL_USER.test(user)) return false;
  if (domain === 'localhost' || EMAIL_DOMAIN.test(domain)) return true;
  // An internationalised domain is valid when its ASCII (punycode) form is.
  const ascii = asciiDomain(domain);
  return ascii !== '' && EMAIL_DOMAIN.test(ascii);
}

// ── Text ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The service's words for each text problem (textProblem). */
export const TEXT_PROBLEM_MESSAGES: Readonly<Record<TextProblem, string>> = {
  null: 'Null characters are not allowed.',
  control: 'Control characters are not allowed.',
  invisible: 'Invisible characters are not allowed.',
};

/**
 * The text rule's message, or null: a single-line field (`line`, the default) holds no control character (C0,
 * DEL, C1, line separators) and no invisible or bidirectional format character (U+202E would show a serial
 * backwards); see text-rules.ts.
 */
export function textRuleProblem(value: string, kind: TextKind = 'line'): string | null {
  const problem = textProblem(value, kind);
  return problem === null ? null : TEXT_PROBLEM_MESSAGES[problem];
}

// UK postcodes: address.ts (postcodeProblem, normaliseUkPostcode) is the rule, exported beside this one.
