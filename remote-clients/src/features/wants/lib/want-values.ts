import {
  amountProblem,
  isBlank,
  readDecimal,
  WANT_LIMITS,
  WANT_PROBLEMS,
  stockNumberText,
  type ConditionGrade,
  type Want,
  type WantInput,
  type WantMatch,
} from '@loupe/contracts';

/** The want form's fields as typed: every one text, as the inputs hold them. */
export interface WantValues {
  brand: string;
  model: string;
  reference: string;
  yearFrom: string;
  yearTo: string;
  conditionGrade: ConditionGrade | '';
  maxPrice: string;
  notes: string;
}

export const EMPTY_WANT: WantValues = {
  brand: '',
  model: '',
  reference: '',
  yearFrom: '',
  yearTo: '',
  conditionGrade: '',
  maxPrice: '',
  notes: '',
};

export function valuesOf(want: Want): WantValues {
  return {
    brand: want.brand,
    model: want.model,
    reference: want.reference,
    yearFrom: want.yearFrom === null ? '' : String(want.yearFrom),
    yearTo: want.yearTo === null ? '' : String(want.yearTo),
    conditionGrade: want.conditionGrade ?? '',
    maxPrice: want.maxPrice === null ? '' : String(want.maxPrice),
    notes: want.notes,
  };
}

/** Pounds and pence, as every GBP amount of the app ("9,500", "£9,500.00" and "9500" are the same). */
const MAX_PRICE_RULE = { maxDecimals: 2, maxWholeDigits: 10, currency: 'GBP' } as const;

const yearOf = (text: string): number | null => (isBlank(text) ? null : Number(text.trim()));

/** What the service is sent: a blank criterion as null ("any"), the price as the service's plain decimal. */
export function toWrite(values: WantValues): WantInput {
  const price = readDecimal(values.maxPrice, MAX_PRICE_RULE);
  return {
    brand: values.brand,
    model: values.model,
    reference: values.reference.trim(),
    yearFrom: yearOf(values.yearFrom),
    yearTo: yearOf(values.yearTo),
    conditionGrade: values.conditionGrade === '' ? null : values.conditionGrade,
    maxPrice: isBlank(values.maxPrice) ? null : 'value' in price ? price.value : values.maxPrice,
    notes: values.notes.trim(),
  };
}

export const YEAR_PROBLEM = `Enter a year from ${WANT_LIMITS.yearMin} to ${WANT_LIMITS.yearMax}, such as 2015.`;

function yearProblem(text: string): string | undefined {
  if (isBlank(text)) return undefined;
  const year = Number(text.trim());
  return /^\d{4}$/.test(text.trim()) && year >= WANT_LIMITS.yearMin && year <= WANT_LIMITS.yearMax
    ? undefined
    : YEAR_PROBLEM;
}

/** The form's own checks before anything is sent, in the service's words (wants-messages.ts) where it has some. */
export function checkWant(values: WantValues): Partial<Record<keyof WantValues, string>> {
  const problems: Partial<Record<keyof WantValues, string>> = {};
  if (isBlank(values.brand)) problems.brand = WANT_PROBLEMS.brandRequired;
  const from = yearProblem(values.yearFrom);
  const to = yearProblem(values.yearTo);
  if (from) problems.yearFrom = from;
  if (to) problems.yearTo = to;
  const first = yearOf(values.yearFrom);
  const last = yearOf(values.yearTo);
  if (!from && !to && first !== null && last !== null && first > last)
    problems.yearTo = WANT_PROBLEMS.yearsReversed;
  if (!isBlank(values.maxPrice)) {
    const problem = amountProblem(values.maxPrice, MAX_PRICE_RULE);
    if (problem) problems.maxPrice = problem;
  }
  return problems;
}

/** A want's short name, for its buttons: "Rolex Submariner", or "Rolex, any model". */
export const wantTitle = (want: Pick<Want, 'brand' | 'model'>): string =>
  want.model ? `${want.brand} ${want.model}` : `${want.brand}, any model`;

/** The matched item as a person names it: "Rolex Submariner 126610LN (Stock no. 12)". */
export function matchItemName(
  match: Pick<WantMatch, 'brand' | 'model' | 'referenceNumber' | 'stockNumber'>,
): string {
  const name = [match.brand, match.model, match.referenceNumber].filter(Boolean).join(' ') || 'Item';
  return `${name} (${stockNumberText(match.stockNumber)})`;
}
