import { INVALID_NUMBER, plainAmount } from './amounts';

/*
 * Item attributes (issue 22, item 3): what dealers and marketplaces describe a piece by. Written once here and
 * read by the service (inventory's item input) and by the item form, so what the form accepts is what the
 * service accepts, in the same words. Every attribute is optional: '' (text) or null when not recorded.
 * The text attributes are single-line Text() fields in the schemas (inventory.ts), so the service refuses
 * control and invisible characters in them by textProblem (common.ts); `stones` is multi-line.
 */

/** Watches. */
export const MOVEMENTS = ['automatic', 'manual', 'quartz'] as const;
export type Movement = (typeof MOVEMENTS)[number];
export const MOVEMENT_LABELS: Readonly<Record<Movement, string>> = {
  automatic: 'Automatic',
  manual: 'Manual winding',
  quartz: 'Quartz',
};

/** The condition scale, best first (the grades UK dealers and marketplaces use). */
export const CONDITION_GRADES = ['unworn', 'excellent', 'very_good', 'good', 'fair'] as const;
export type ConditionGrade = (typeof CONDITION_GRADES)[number];
export const CONDITION_GRADE_LABELS: Readonly<Record<ConditionGrade, string>> = {
  unworn: 'Unworn',
  excellent: 'Excellent',
  very_good: 'Very good',
  good: 'Good',
  fair: 'Fair',
};

/** Jewellery: the metal, as the list filter offers it. */
export const METALS = [
  'Yellow gold',
  'White gold',
  'Rose gold',
  'Platinum',
  'Palladium',
  'Silver',
  'Stainless steel',
  'Titanium',
  'Other',
] as const;
export type Metal = (typeof METALS)[number];

/** The longest text of each single-line attribute (the columns of migration 021). */
export const ATTRIBUTE_TEXT_MAX = {
  referenceNumber: 40,
  caseMaterial: 60,
  dial: 60,
  hallmark: 100,
  stones: 1000,
} as const;

/** The earliest year of manufacture accepted; the latest is the current year. */
export const ATTRIBUTE_YEAR_MIN = 1800;

/** Case diameter in millimetres (e.g. 40, 41.5, 36.25) and weight in grams (e.g. 12.45). */
export const CASE_DIAMETER_RULE = { maxWholeDigits: 3, maxDecimals: 2 } as const;
export const WEIGHT_GRAMS_RULE = { maxWholeDigits: 6, maxDecimals: 2 } as const;
/** Millesimal fineness, parts per thousand: 375, 585, 750 (18ct), 916, 925 (sterling), 950, 999. */
export const FINENESS_MIN = 1;
export const FINENESS_MAX = 999;

/** The attributes of an item as the API sends them. */
export interface ItemAttributeValues {
  referenceNumber: string;
  year: number | null;
  box: boolean | null;
  papers: boolean | null;
  caseMaterial: string;
  /** Millimetres. */
  caseDiameterMm: number | null;
  dial: string;
  movement: Movement | null;
  conditionGrade: ConditionGrade | null;
  metal: Metal | '';
  /** Parts per thousand. */
  fineness: number | null;
  weightGrams: number | null;
  hallmark: string;
  stones: string;
}
export type ItemAttributeName = keyof ItemAttributeValues;
export const ITEM_ATTRIBUTE_NAMES = [
  'referenceNumber',
  'year',
  'box',
  'papers',
  'caseMaterial',
  'caseDiameterMm',
  'dial',
  'movement',
  'conditionGrade',
  'metal',
  'fineness',
  'weightGrams',
  'hallmark',
  'stones',
] as const satisfies readonly ItemAttributeName[];

/** The attributes the form shows per stock type (Accessories: none). */
export const WATCH_ATTRIBUTES = [
  'referenceNumber',
  'year',
  'box',
  'papers',
  'caseMaterial',
  'caseDiameterMm',
  'dial',
  'movement',
  'conditionGrade',
] as const satisfies readonly ItemAttributeName[];
export const JEWELLERY_ATTRIBUTES = [
  'metal',
  'fineness',
  'weightGrams',
  'hallmark',
  'stones',
  'conditionGrade',
] as const satisfies readonly ItemAttributeName[];

/** An item with none recorded. */
export const NO_ATTRIBUTES: ItemAttributeValues = {
  referenceNumber: '',
  year: null,
  box: null,
  papers: null,
  caseMaterial: '',
  caseDiameterMm: null,
  dial: '',
  movement: null,
  conditionGrade: null,
  metal: '',
  fineness: null,
  weightGrams: null,
  hallmark: '',
  stones: '',
};

/**
 * What a request or a form may send for each attribute: numbers as JSON numbers or as typed text ("41.5",
 * "1,995"); null or '' for none. Choices are checked here (not by the schema), so the error is a field error.
 */
export type ItemAttributesInput = Partial<{
  referenceNumber: string;
  year: number | string | null;
  box: boolean | null;
  papers: boolean | null;
  caseMaterial: string;
  caseDiameterMm: number | string | null;
  dial: string;
  movement: string | null;
  conditionGrade: string | null;
  metal: string | null;
  fineness: number | string | null;
  weightGrams: number | string | null;
  hallmark: string;
  stones: string;
}>;

/** The attributes read: each value as stored (decimals as exact decimal text), and the errors by field. */
export interface ReadAttributes {
  /** Only the attributes that were sent. */
  values: Partial<Omit<ItemAttributeValues, 'caseDiameterMm' | 'weightGrams'>> & {
    caseDiameterMm?: string | null;
    weightGrams?: string | null;
  };
  errors: Partial<Record<ItemAttributeName, string>>;
}

const notAChoice = (value: string) => `"${value}" is not a valid choice.`;
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/**
 * A positive decimal read by the one amount rule (plainAmount: "1,234.5" is 1234.5), with at most the rule's
 * digits; the messages are the service's (kernel/money.ts parseDecimal). Exact decimal text, or an error.
 */
export function readPositiveDecimal(
  value: number | string,
  rule: { maxWholeDigits: number; maxDecimals: number },
): { value: string } | { error: string } {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : plainAmount(value);
  const match = text === null ? null : /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { error: INVALID_NUMBER };
  const [, sign, whole = '', fraction = ''] = match;
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const fractionDigits = fraction.replace(/0+$/, '');
  if (fractionDigits.length > rule.maxDecimals) {
    return { error: `Ensure that there are no more than ${rule.maxDecimals} decimal places.` };
  }
  if (wholeDigits.length > rule.maxWholeDigits) {
    return {
      error: `Ensure that there are no more than ${rule.maxWholeDigits} digits before the decimal point.`,
    };
  }
  const isZero = /^0*$/.test(wholeDigits) && fractionDigits === '';
  if (sign && !isZero) return { error: 'Ensure this value is greater than or equal to 0.' };
  if (isZero) return { error: 'Ensure this value is greater than 0.' };
  return { value: `${wholeDigits}${fractionDigits ? `.${fractionDigits}` : ''}` };
}

/** A whole number in [min, max] ("1,995" is not a year: digits only, as typed or as a JSON integer). */
function readWhole(value: number | string, min: number, max: number): { value: number } | { error: string } {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^-?\d+$/.test(text)) return { error: 'A valid integer is required.' };
  const n = Number(text);
  if (n < min) return { error: `Ensure this value is greater than or equal to ${min}.` };
  if (n > max) return { error: `Ensure this value is less than or equal to ${max}.` };
  return { value: n };
}

const blank = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The attributes of a request or a form, checked: text trimmed (and NFC), numbers by their rules, choices from
 * their lists, year from ATTRIBUTE_YEAR_MIN to `currentYear`. Only the attributes present in `input` are in
 * `values` (an edit that leaves one out keeps it).
 */
export function readItemAttributes(input: ItemAttributesInput, currentYear: number): ReadAttributes {
  const values: ReadAttributes['values'] = {};
  const errors: ReadAttributes['errors'] = {};
  const has = (name: ItemAttributeName) => Object.prototype.hasOwnProperty.call(input, name);

  for (const name of ['referenceNumber', 'caseMaterial', 'dial', 'hallmark', 'stones'] as const) {
    if (!has(name)) continue;
    const text = (input[name] ?? '').normalize('NFC').trim();
    if (text.length > ATTRIBUTE_TEXT_MAX[name]) errors[name] = tooLong(ATTRIBUTE_TEXT_MAX[name]);
    else values[name] = text;
  }
  for (const name of ['box', 'papers'] as const) {
    if (has(name)) values[name] = input[name] ?? null;
  }
  if (has('year')) {
    const raw = input.year;
    if (blank(raw)) values.year = null;
    else {
      const read = readWhole(raw, ATTRIBUTE_YEAR_MIN, currentYear);
      if ('error' in read) errors.year = read.error;
      else values.year = read.value;
    }
  }
  if (has('fineness')) {
    const raw = input.fineness;
    if (blank(raw)) values.fineness = null;
    else {
      const read = readWhole(raw, FINENESS_MIN, FINENESS_MAX);
      if ('error' in read) errors.fineness = read.error;
      else values.fineness = read.value;
    }
  }
  for (const [name, rule] of [
    ['caseDiameterMm', CASE_DIAMETER_RULE],
    ['weightGrams', WEIGHT_GRAMS_RULE],
  ] as const) {
    if (!has(name)) continue;
    const raw = input[name];
    if (blank(raw)) values[name] = null;
    else {
      const read = readPositiveDecimal(raw, rule);
      if ('error' in read) errors[name] = read.error;
      else values[name] = read.value;
    }
  }
  if (has('movement')) {
    const raw = input.movement;
    if (blank(raw)) values.movement = null;
    else if ((MOVEMENTS as readonly string[]).includes(raw)) values.movement = raw as Movement;
    else errors.movement = notAChoice(raw);
  }
  if (has('conditionGrade')) {
    const raw = input.conditionGrade;
    if (blank(raw)) values.conditionGrade = null;
    else if ((CONDITION_GRADES as readonly string[]).includes(raw))
      values.conditionGrade = raw as ConditionGrade;
    else errors.conditionGrade = notAChoice(raw);
  }
  if (has('metal')) {
    const raw = input.metal;
    if (blank(raw)) values.metal = '';
    else if ((METALS as readonly string[]).includes(raw)) values.metal = raw as Metal;
    else errors.metal = notAChoice(raw);
  }
  return { values, errors };
}

/** The stock number as labels and documents print it: "Stock no. 1042" (the search finds "1042" and "#1042"). */
export const stockNumberText = (stockNumber: number): string => `Stock no. ${stockNumber}`;

/**
 * The stock number a search names, or null: digits only, optionally after "#" or "Stock no." as labels print
 * it ("1042", "#1042", "Stock no. 1042"). The list search and the top bar's lookup read it the same way.
 */
export function stockNumberOf(text: string): number | null {
  const match = /^(?:#|stock\s*no\.?)?\s*(\d{1,9})$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 ? n : null;
}
