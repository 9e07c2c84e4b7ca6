/*
 * Days are the shop's calendar days. The service decides "today" in the shop's time zone, and `/auth-check/`
 * names that zone: the auth provider hands it to `setShopTimeZone`, so every function here reads days in the
 * shop's zone unless a caller passes another (a laptop set to another zone still sees the shop's day). Before
 * anyone has signed in there is no shop, and the browser's own zone stands in. Never `toISOString()`: that is the
 * UTC day, yesterday for a sale entered after midnight anywhere east of Greenwich.
 */

const LOCALE = 'en-GB';
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A day followed by a time: an instant, whose day depends on the zone it is read in. */
const MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The signed-in shop's IANA zone; module state, like the HTTP client, since the platform is one singleton. */
let shopTimeZone: string | undefined;

/** Sets (or, signed out, forgets) the zone every function here reads days in by default. */
export function setShopTimeZone(timeZone: string | null | undefined): void {
  shopTimeZone = timeZone && isTimeZone(timeZone) ? timeZone : undefined;
}

/** The zone days are read in now: the shop's, or undefined for the browser's own. */
export function shopZone(): string | undefined {
  return shopTimeZone;
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of `instant` in `timeZone` as YYYY-MM-DD. */
function dayIn(instant: Date, zone?: string): string {
  const timeZone = zone ?? shopTimeZone;
  if (timeZone === undefined) {
    return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today as YYYY-MM-DD on the shop's calendar (a form's default date and its upper bound). */
export function today(now: Date = new Date(), timeZone?: string): string {
  return dayIn(now, timeZone);
}

/** A well-formed calendar day ("2026-02-30" is not one; the date input yields '' for anything else). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** A YYYY-MM-DD day as a Date that names it in any zone (noon UTC cannot cross a date line). */
const asNoonUtc = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
};

export interface DayFormat {
  /** The shop's zone, in which a timestamp's day is read; the browser's when absent. */
  timeZone?: string;
  /** Which parts to show, e.g. `{ month: 'long', year: 'numeric' }` for "March 2026". */
  style?: Intl.DateTimeFormatOptions;
}

/**
 * "2026-03-09" → "9 Mar 2026". An ISO timestamp is shown as the day it was in the shop's zone (a promotion
 * started at 23:30 UTC started the next day in Kiritimati). Anything else is shown as it is.
 */
export function formatDay(value: string | null | undefined, options: DayFormat = {}): string {
  const { timeZone, style = { day: 'numeric', month: 'short', year: 'numeric' } } = options;
  if (!value) return '';
  let day = value;
  if (MOMENT.test(value)) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return value;
    day = dayIn(instant, timeZone);
  }
  if (!isDay(day)) return value;
  return asNoonUtc(day).toLocaleDateString(LOCALE, { ...style, timeZone: 'UTC' });
}

/** An ISO timestamp as the shop's date and time, e.g. "9 Mar 2026, 14:05"; anything else as it is. */
export function formatMoment(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timeZone ?? shopTimeZone,
  });
}
