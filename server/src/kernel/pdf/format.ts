// Money and dates as the app shows them, for every printed document.

const SYMBOLS: Record<string, string> = { GBP: '£', USD: '$', EUR: '€', BTC: '₿' };

/** Groups a run of digits in threes: "1234567" → "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Money as the app shows it (platform/src/format.ts): `£1,234.56`, `-£20.00`, `$3.00`, `₿0.0125` (BTC keeps
 * up to 8 decimals, at least 2). Works on the decimal's text, so nothing is rounded by binary arithmetic:
 * the amounts given are the database's numerics, already at their currency's precision.
 */
export function formatMoney(amount: number | string, currency = 'GBP'): string {
  const plain = plainMoney(amount, currency);
  if (!plain) return '';
  const [, minus = '', whole = '0', fraction = ''] = /^(-?)(\d+)\.(\d+)$/.exec(plain) ?? [];
  return `${minus}${SYMBOLS[currency] ?? `${currency} `}${grouped(whole)}.${fraction}`;
}

/**
 * Money as a plain decimal for a file (a CSV export): the places formatMoney prints (2; BTC up to 8, at least
 * 2), rounded half-up on the text, without symbol or grouping: `1500` → `1500.00`, `-20.5` → `-20.50`,
 * `0.0125` BTC → `0.0125`. '' for what is not a number.
 */
export function plainMoney(amount: number | string, currency = 'GBP'): string {
  const text = typeof amount === 'number' ? decimalText(amount) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return '';
  const [, minus, whole = '0', fraction = ''] = match;
  const places = currency === 'BTC' ? Math.min(Math.max(fraction.replace(/0+$/, '').length, 2), 8) : 2;
  const digits = roundDigits(whole, fraction, places);
  const body = `${digits.whole}.${digits.fraction}`;
  const sign = minus && /[1-9]/.test(body) ? '-' : '';
  return `${sign}${body}`;
}

/** A JS number's plain decimal text (no exponent) — the shortest form that reads back as the same number. */
function decimalText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(8).replace(/\.?0+$/, '');
}

/** Half-up rounding of a decimal's digits to `places`, on the text. */
function roundDigits(whole: string, fraction: string, places: number): { whole: string; fraction: string } {
  const padded = fraction.padEnd(places + 1, '0');
  let keep = `${whole}${padded.slice(0, places)}`;
  if (Number(padded[places]) >= 5) {
    // Add one to the last kept digit, carrying leftwards.
    const chars = keep.split('');
    let i = chars.length - 1;
    for (; i >= 0; i -= 1) {
      if (chars[i] === '9') chars[i] = '0';
      else {
        chars[i] = String(Number(chars[i]) + 1);
        break;
      }
    }
    keep = (i < 0 ? '1' : '') + chars.join('');
  }
  const cut = keep.length - places;
  const w = keep.slice(0, cut).replace(/^0+(?=\d)/, '') || '0';
  return { whole: w, fraction: keep.slice(cut) };
}

/** An exchange rate as written on an invoice: all its decimals (up to 8), at least 2. `0.79`, `1.2345`. */
export function formatRate(rate: number | string): string {
  const text = typeof rate === 'number' ? decimalText(rate) : rate.trim();
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = fraction.slice(0, 8).replace(/0+$/, '').padEnd(2, '0');
  return `${grouped(whole)}.${kept}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD, already the shop's day) as "23 Nov 2026". */
export function formatDateLong(date: string): string {
  const [y, m, d] = date.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''} ${y}`;
}

/** A calendar date (YYYY-MM-DD) as "23/11/2026". */
export function formatDateShort(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * One formatter per time zone and kind, made on first use: building an Intl.DateTimeFormat loads the zone's
 * rules and costs far more than formatting with it (a stock page of 25 rows took a quarter of its CPU time
 * making them, issue 26's profile). Shops use a handful of zones, so the maps stay small.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = make();
    cache.set(timeZone, format);
  }
  return format;
}

/** The shop's calendar day (YYYY-MM-DD) of an instant, in its IANA time zone. */
export function dayInZone(at: Date | string, timeZone: string): string {
  const parts = formatterFor(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Midday UTC of a calendar day: a document date that is the same day in any zone a reader is in. */
export const dateOfDay = (day: string): Date => new Date(`${day}T12:00:00Z`);

/** "23 Nov 2026, 14:05" in the shop's time zone; '' for none. */
export function dateTimeInZone(at: string | null, timeZone: string): string {
  if (at === null) return '';
  const time = formatterFor(
    timeFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }),
  ).format(new Date(at));
  return `${formatDateLong(dayInZone(at, timeZone))}, ${time}`;
}
