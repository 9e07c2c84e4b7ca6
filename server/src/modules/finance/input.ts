import type { Static } from '@sinclair/typebox';
import {
  CURRENCIES,
  PAYMENT_METHODS,
  REPORT_MAX_CUSTOM_DAYS,
  REPORT_RANGE_KEYS,
  REPORT_TYPE_KEYS,
  FinanceEntryCreate,
  isRangeReversed,
  REPORT_RANGE_REVERSED,
  type Currency,
  type FinanceEntryQuery,
  type PaymentMethod,
  type ReportRange,
  type ReportType,
} from '@loupe/contracts';
import { BLANK, REQUIRED } from '../../kernel/http-errors';
import { RATE_RULE, amountRuleFor, gbpRateProblem, type DecimalRule } from '../../kernel/money';
import type { DateFilter, NewFinanceEntry } from './entries-repository';
import {
  ErrorBag,
  dateField,
  dayRangeField,
  decimalField,
  invalidChoice,
  isOneOf,
  parseDate,
  pagingOf,
  type Paging,
} from '../../kernel/validation';

const NAME_MAX = 200;
const POSITIVE = 'Ensure this value is greater than 0.';

// At most 15 significant digits, so that every amount and rate reads back exactly as the JSON number the lists
// show: 7 whole digits for bitcoin amounts and for rates (8 decimals each); other amounts keep 12 with 2.
const ENTRY_RATE_RULE: DecimalRule = { ...RATE_RULE, maxWholeDigits: 7 };
// Negative amounts parse so that they get the same message as zero: the rule is "> 0", not ">= 0".
const entryAmountRule = (currency: Currency): DecimalRule => ({
  ...amountRuleFor(currency),
  ...(currency === 'BTC' ? { maxWholeDigits: 7 } : {}),
  allowNegative: true,
});

/** Add Expense / Add Quick Sale (SPEC §3, §5): name and amount required, the §9 defaults for the rest. */
export function parseEntry(
  body: Static<typeof FinanceEntryCreate>,
  today: string,
): Omit<NewFinanceEntry, 'shopId' | 'userId' | 'at'> {
  const bag = new ErrorBag();
  const name = body.name.normalize('NFC').trim();
  if (name === '') bag.add('name', BLANK);
  else if (name.length > NAME_MAX)
    bag.add('name', `Ensure this field has no more than ${NAME_MAX} characters.`);

  const currencyText = body.currency ?? 'GBP';
  const currency = isOneOf(CURRENCIES, currencyText) ? currencyText : null;
  if (currency === null) bag.add('currency', invalidChoice(currencyText));

  const amount = decimalField(bag, 'amount', body.amount, entryAmountRule(currency ?? 'GBP'), {
    required: true,
  });
  if (amount?.startsWith('-')) bag.add('amount', POSITIVE);

  const rate = decimalField(bag, 'exchangeRate', body.exchangeRate, ENTRY_RATE_RULE);
  const notOne = gbpRateProblem(currency, rate);
  if (notOne) bag.add('exchangeRate', notOne);
  if (currency !== null && currency !== 'GBP' && rate === null && !bag.has('exchangeRate')) {
    bag.add('exchangeRate', `An exchange rate (GBP per ${currency}) is required for ${currency}.`);
  }

  const methodText = body.payment_method ?? 'Cash';
  const method = isOneOf(PAYMENT_METHODS, methodText) ? methodText : null;
  if (method === null) bag.add('payment_method', invalidChoice(methodText));

  const date = dateField(bag, 'date', body.date, today, { notAfter: today }) ?? today;
  bag.throwIfAny();
  return {
    name,
    amount: amount as string,
    currency: currency as Currency,
    exchangeRate: rate ?? '1',
    paymentMethod: method as PaymentMethod,
    notes: (body.notes ?? '').trim(),
    date,
  };
}

export interface PageQuery extends Paging {
  filter: DateFilter;
}

/** The expense and quick-sale lists' query: DRF paging and an inclusive day range. */
export function parseEntryQuery(query: FinanceEntryQuery): PageQuery {
  const bag = new ErrorBag();
  const { from, to } = dayRangeField(bag, query);
  bag.throwIfAny();
  return { filter: { from: from ?? undefined, to: to ?? undefined }, ...pagingOf(query) };
}

// ---------------------------------------------------------------- report periods

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => toDay(dayMs(day) + n * DAY_MS);
/** ISO weeks start on Monday. */
export const mondayOf = (day: string) => addDays(day, -((new Date(dayMs(day)).getUTCDay() + 6) % 7));
export function addMonths(firstOfMonth: string, n: number): string {
  const d = new Date(dayMs(firstOfMonth));
  return toDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

export type Bucket = 'day' | 'week' | 'month';

/** Which days a report covers and how they group into rows. */
export interface ReportPeriod {
  type: ReportType;
  range: ReportRange;
  /** First day of the first row. */
  from: string;
  /** Last day covered (today, or the custom To). */
  to: string;
  /** First day of the last row. */
  lastStart: string;
  bucket: Bucket;
}

/** The rows of each range, counted back from `today` (the shop's day). See ReportQuery in the contracts. */
export function periodFor(
  type: ReportType,
  range: ReportRange,
  today: string,
  custom?: { from: string; to: string },
): ReportPeriod {
  switch (range) {
    case 'daily':
      return { type, range, from: addDays(today, -6), to: today, lastStart: today, bucket: 'day' };
    case 'weekly': {
      const monday = mondayOf(today);
      return { type, range, from: addDays(monday, -49), to: today, lastStart: monday, bucket: 'week' };
    }
    case 'monthly': {
      const first = `${today.slice(0, 7)}-01`;
      return { type, range, from: addMonths(first, -11), to: today, lastStart: first, bucket: 'month' };
    }
    case 'custom': {
      const { from, to } = custom as { from: string; to: string };
      return { type, range, from, to, lastStart: to, bucket: 'day' };
    }
  }
}

export interface ReportParams {
  type?: string | null;
  range?: string | null;
  from?: string | null;
  to?: string | null;
}

/**
 * type, range and (for custom) from/to, from a query string or a pin's body: every problem as a field error
 * named after the parameter.
 */
export function parseReportParams(input: ReportParams, today: string): ReportPeriod {
  const bag = new ErrorBag();
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const choice = <T extends string>(field: string, value: string, allowed: readonly T[]): T | null => {
    if (value === '') bag.add(field, REQUIRED);
    else if (!isOneOf(allowed, value)) bag.add(field, invalidChoice(value));
    else return value as T;
    return null;
  };
  const type = choice('type', text(input.type), REPORT_TYPE_KEYS);
  const range = choice('range', text(input.range), REPORT_RANGE_KEYS);
  let custom: { from: string; to: string } | undefined;
  if (range === 'custom') {
    const day = (field: 'from' | 'to'): string | null => {
      const value = text(input[field]);
      if (value === '') {
        bag.add(field, REQUIRED);
        return null;
      }
      const parsed = parseDate(value);
      if ('error' in parsed) {
        bag.add(field, parsed.error);
        return null;
      }
      return parsed.value;
    };
    const from = day('from');
    const to = day('to');
    if (from !== null && to !== null) {
      if (isRangeReversed(from, to)) bag.add('to', REPORT_RANGE_REVERSED);
      else if (daysBetween(from, to) + 1 > REPORT_MAX_CUSTOM_DAYS) {
        bag.add('to', `A custom range covers at most ${REPORT_MAX_CUSTOM_DAYS} days.`);
      }
      custom = { from, to };
    }
  }
  bag.throwIfAny();
  return periodFor(type as ReportType, range as ReportRange, today, custom);
}
