import {
  isRangeReversed,
  RANGE_REVERSED,
  vatQuarterOf,
  type BooksPeriodQuery,
  type StockBookQuery,
  type VatStagger,
} from '@loupe/contracts';
import { dayRangeField, ErrorBag, given } from '../../kernel/validation';
import type { Period, StockBookFilters } from './books-repository';

/**
 * The period of a books request: date_from and date_to as the reports read them (dayRangeField: YYYY-MM-DD,
 * date_to not before date_from, 400 keyed by the parameter). An end not given is that of the VAT quarter, on the
 * shop's stagger, holding the end given, else today.
 */
export function parsePeriod(query: BooksPeriodQuery, today: string, stagger: VatStagger): Period {
  const bag = new ErrorBag();
  const range = dayRangeField(bag, query);
  const quarter = vatQuarterOf(range.from ?? range.to ?? today, stagger);
  const period = { from: range.from ?? quarter.from, to: range.to ?? quarter.to };
  if (!bag.has() && isRangeReversed(period.from, period.to)) bag.add('date_to', RANGE_REVERSED);
  bag.throwIfAny();
  return period;
}

/** The stock book's filters: stock type and sold/unsold (checked by the schema), search trimmed. */
export function parseStockBookFilters(query: StockBookQuery): StockBookFilters {
  return { stockType: query.stock_type, sold: query.sold, search: given(query.search) };
}
