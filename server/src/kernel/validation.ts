import {
  DATE_FORMAT,
  dayBoundsProblem,
  DEFAULT_PAGE_SIZE,
  INVALID_EMAIL,
  isRangeReversed,
  isValidEmail,
  parseDay,
  RANGE_REVERSED,
  TEXT_PROBLEM_MESSAGES,
  textProblem,
  type FieldErrors,
  type TextKind,
} from '@loupe/contracts';
import { ApiError, REQUIRED, fieldErrors, notFound } from './http-errors';
import { parseDecimal, type DecimalRule } from './money';

/**
 * The input rules every module shares, each with the one text DRF (or django-filter, for list filters) gives
 * for it, so that the same mistake reads the same on every endpoint.
 */

export const MAX_INT4 = 2_147_483_647;

/** Like Django's <int:pk> converter: a non-numeric id is not this URL at all (404), whatever its name. */
export const idPattern = (path: string) => path.replace(/:(\w+)\//g, ':$1(^\\d+)/');

/** A path id no row can have (zero, beyond integer) is simply not found. */
export function pathId(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) throw notFound();
  return id;
}

/** Collects DRF field errors, so that one answer reports every problem of a form. */
export class ErrorBag {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  has(field?: string): boolean {
    return field === undefined ? Object.keys(this.errors).length > 0 : field in this.errors;
  }
  throwIfAny(): void {
    if (this.has()) throw fieldErrors(this.errors);
  }
}

export const NULL_CHARACTERS = 'Null characters are not allowed.';
/** The contracts' Text rule for the other controls (Django has no words for these: worded like its NUL). */
export const CONTROL_CHARACTERS = 'Control characters are not allowed.';
/** The contracts' Text rule for zero-width, direction-changing and other invisible (Cf) characters. */
export const INVISIBLE_CHARACTERS = 'Invisible characters are not allowed.';

/** Each problem of the contracts' Text rule in the words the API answers it with (contracts' field-rules.ts). */
export { TEXT_PROBLEM_MESSAGES };

/**
 * The contracts' Text rule (textProblem) for text that does not come through a request schema (a CLI's
 * arguments): its message, or null.
 */
export function textError(value: string, kind: TextKind = 'line'): string | null {
  const problem = textProblem(value, kind);
  return problem === null ? null : TEXT_PROBLEM_MESSAGES[problem];
}
// The e-mail rule is the contracts' (field-rules.ts), which the browser's forms check too.
export { INVALID_EMAIL, isValidEmail };
export const NOT_NULL = 'This field may not be null.';

/** A body field outside its choices (DRF's ChoiceField). */
export const invalidChoice = (value: string) => `"${value}" is not a valid choice.`;
/** A list filter outside its choices (django-filter reads the query string through a Django form). */
export const invalidFilterChoice = (value: string) =>
  `Select a valid choice. ${value} is not one of the available choices.`;

export const isOneOf = <T extends string>(allowed: readonly T[], value: string): value is T =>
  (allowed as readonly string[]).includes(value);

/**
 * A body's text as DRF's CharField keeps it (trim_whitespace). NUL, the other control characters and the
 * invisible ones never get here: the contracts' Text rule refuses them in the schema, with the field's error.
 */
export const text = (value: string | undefined): string | undefined => value?.trim();

// ---------------------------------------------------------------- list queries

/** A query parameter as django-filter reads it: an empty one is no filter at all. */
export const given = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
};

export const invalidPage = () => new ApiError(404, { detail: 'Invalid page.' });

export interface Paging {
  page: number;
  pageSize: number;
}

/** page and page_size of a query its schema has read (PagingQuery), with their defaults. */
export function pagingOf(query: { page?: number; page_size?: number }): Paging {
  return { page: query.page ?? 1, pageSize: query.page_size ?? DEFAULT_PAGE_SIZE };
}

/** One page of a list as DRF's PageNumberPagination answers: page 1 of nothing is empty, past the end is 404. */
export function checkPage(paging: Paging, count: number): number {
  const offset = (paging.page - 1) * paging.pageSize;
  if (paging.page > 1 && offset >= count) throw invalidPage();
  return offset;
}

/** That page's rows and the count; the rows are read only when there are any. */
export async function pageOf<T>(
  paging: Paging,
  count: number,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ results: T[]; count: number }> {
  const offset = checkPage(paging, count);
  return { results: count === 0 ? [] : await rows(paging.pageSize, offset), count };
}

// ---------------------------------------------------------------- dates and decimals

/** A real calendar day written YYYY-MM-DD, or DRF's message (DATE_FORMAT): the contracts' parseDay. */
export const parseDate = parseDay;
export { DATE_FORMAT };

/** An optional day (default `fallback`); `notAfter`/`notBefore` are YYYY-MM-DD bounds, compared as text. */
export function dateField(
  bag: ErrorBag,
  field: string,
  value: string | null | undefined,
  fallback: string | null,
  bounds: { notAfter?: string; notBefore?: string } = {},
): string | null {
  if (value === undefined || value === null || value.trim() === '') return fallback;
  const parsed = parseDate(value);
  if ('error' in parsed) {
    bag.add(field, parsed.error);
    return fallback;
  }
  const outside = dayBoundsProblem(parsed.value, bounds);
  if (outside !== null) bag.add(field, outside);
  return parsed.value;
}

/**
 * A list's optional inclusive day range, `date_from` … `date_to` of its query: each a day or absent (null),
 * and a range the wrong way round refused on `date_to`, as every filtered list of the API answers it.
 */
export function dayRangeField(
  bag: ErrorBag,
  query: { date_from?: string | null; date_to?: string | null },
): { from: string | null; to: string | null } {
  const from = dateField(bag, 'date_from', query.date_from, null);
  const to = dateField(bag, 'date_to', query.date_to, null);
  if (isRangeReversed(from, to)) bag.add('date_to', RANGE_REVERSED);
  return { from, to };
}

/** A decimal field; `null` when absent (or null and `nullable`). */
export function decimalField(
  bag: ErrorBag,
  field: string,
  value: number | string | null | undefined,
  rule: DecimalRule,
  options: { required?: boolean } = {},
): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (options.required) bag.add(field, value === null ? NOT_NULL : REQUIRED);
    return null;
  }
  const parsed = parseDecimal(value, rule);
  if ('error' in parsed) {
    bag.add(field, parsed.error);
    return null;
  }
  return parsed.value;
}
