import {
  DAYS_TO_SELL_DEFAULT_DAYS,
  MARGIN_RANGE_MAX_DAYS,
  MARGIN_RANGE_TOO_LONG,
  type MarginQuery,
  type StockAgingQuery,
} from '@loupe/contracts';
import { REQUIRED } from '../../kernel/http-errors';
import { ErrorBag, parseDate } from '../../kernel/validation';
import { daysBetween } from '../inventory';

export interface DayRange {
  from: string;
  to: string;
}

/** A calendar day moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** from and to as days, from ≤ to; errors keyed by the parameter, as the reports' custom range. */
function readRange(bag: ErrorBag, from: string | undefined, to: string | undefined): DayRange | null {
  const day = (field: 'from' | 'to', value: string | undefined): string | null => {
    if (value === undefined || value.trim() === '') {
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
  const start = day('from', from);
  const end = day('to', to);
  if (start === null || end === null) return null;
  if (start > end) {
    bag.add('to', 'Ensure To is on or after From.');
    return null;
  }
  return { from: start, to: end };
}

/** The margin report's range: both days required, at most MARGIN_RANGE_MAX_DAYS days. */
export function parseMarginQuery(query: MarginQuery): DayRange {
  const bag = new ErrorBag();
  const range = readRange(bag, query.from, query.to);
  if (range && daysBetween(range.from, range.to) + 1 > MARGIN_RANGE_MAX_DAYS)
    bag.add('to', MARGIN_RANGE_TOO_LONG);
  bag.throwIfAny();
  return range as DayRange;
}

/** Average days to sell's range: as asked (both or neither), else the last DAYS_TO_SELL_DEFAULT_DAYS days. */
export function parseAgingQuery(query: StockAgingQuery, today: string): DayRange {
  if (query.from === undefined && query.to === undefined) {
    return { from: addDays(today, 1 - DAYS_TO_SELL_DEFAULT_DAYS), to: today };
  }
  const bag = new ErrorBag();
  const range = readRange(bag, query.from, query.to);
  bag.throwIfAny();
  return range as DayRange;
}
