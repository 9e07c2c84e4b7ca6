// Wanted lists (issue 24 item 5): the values, words and the matching rule that both the wants module and the
// screens use. No TypeBox here: the browser entry (browser.ts) re-exports this file as values.
import { CONDITION_GRADES, CONDITION_GRADE_LABELS, type ConditionGrade } from './item-attributes';

/**
 * Why a match was made: a new item in stock (Add Item, a buy-in, a part-exchange), an item's price changed
 * (its retail price edited, a promotion price set or ended), or the item was already in stock when the want was
 * saved (the search a new or edited want runs at once).
 */
export const WANT_MATCH_REASONS = ['new_item', 'price_change', 'want_saved'] as const;
export type WantMatchReason = (typeof WANT_MATCH_REASONS)[number];
export const WANT_MATCH_REASON_LABELS: Readonly<Record<WantMatchReason, string>> = {
  new_item: 'New in stock',
  price_change: 'Price changed',
  want_saved: 'In stock when the want was saved',
};

/**
 * Where a match stands: open (to act on), emailed (the client was sent the prepared e-mail), dismissed (a
 * member decided not to tell the client). `lapsed` is never stored: it is an open match whose item is no longer
 * available (sold, reserved, checked out, unavailable) — it reads open again if the item comes back.
 */
export const WANT_MATCH_STATUSES = ['open', 'emailed', 'dismissed', 'lapsed'] as const;
export type WantMatchStatus = (typeof WANT_MATCH_STATUSES)[number];
export const WANT_MATCH_STATUS_LABELS: Readonly<Record<WantMatchStatus, string>> = {
  open: 'Open',
  emailed: 'E-mailed',
  dismissed: 'Dismissed',
  lapsed: 'No longer available',
};
/** The lists' status filter: one status, or every match. */
export const WANT_MATCH_FILTERS = [...WANT_MATCH_STATUSES, 'all'] as const;
export type WantMatchFilter = (typeof WANT_MATCH_FILTERS)[number];

/** The limits of a want's fields (the form's and the server's). */
export const WANT_LIMITS = {
  brand: 60,
  model: 60,
  reference: 40,
  notes: 2000,
  yearMin: 1800,
  yearMax: 2200,
} as const;

/** The wants' refusals, in the words the screens show. */
export const WANT_PROBLEMS = {
  brandRequired: 'Choose the brand the client wants.',
  yearsReversed: 'The first year must not be after the last.',
  noEmail: 'This client has no e-mail address. Add one to the client, then send the e-mail.',
  itemGone: 'This item is no longer available, so the match cannot be e-mailed.',
  alreadyEmailed: 'This match was e-mailed already.',
  dismissed: 'This match was dismissed.',
  notOpen: 'Only an open match can be dismissed.',
} as const;

/** What a want asks for (null or '': any). Prices are pounds as exact decimal text or numbers. */
export interface WantCriteria {
  brand: string;
  model: string;
  reference: string;
  yearFrom: number | null;
  yearTo: number | null;
  conditionGrade: ConditionGrade | null;
  maxPrice: string | number | null;
}

/** What an item offers, for matching: its price is the promotion price when promoted, else the retail price. */
export interface WantCandidate {
  status: string;
  brand: string;
  model: string;
  referenceNumber: string;
  year: number | null;
  conditionGrade: string | null;
  price: string | number | null;
}

/** The criteria of a want, as the matching rule names them when an item misses one. */
export const WANT_CRITERIA = [
  'available',
  'brand',
  'model',
  'reference',
  'year',
  'condition',
  'price',
] as const;
export type WantCriterion = (typeof WANT_CRITERIA)[number];

/** A maker's reference compared as a dealer reads it: case, spaces and hyphens ignored ('126610 LN' = '126610ln'). */
export const referenceKey = (reference: string): string => reference.toLowerCase().replace(/[\s-]+/g, '');

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whole pence of a decimal amount (string or number); null when there is none. */
function pence(amount: string | number | null): number | null {
  if (amount === null || (typeof amount === 'string' && amount.trim() === '')) return null;
  const n = Number(amount);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** A grade's place on the scale, best (unworn) first; null for none or one the scale does not know. */
const gradeRank = (grade: string | null): number | null => {
  const at = grade === null ? -1 : (CONDITION_GRADES as readonly string[]).indexOf(grade);
  return at < 0 ? null : at;
};

/**
 * THE MATCHING RULE (written once; the server matches with it, a screen may explain a match with it): the
 * criteria `item` misses, none when it matches. An item matches a want when it is available, its brand is the
 * want's (case ignored: both are the catalogue's names), its model too when the want names one, its reference
 * when the want gives one (referenceKey), its year within the want's range when one is given (an item of unknown
 * year is not within it), its condition at least the wanted grade (unknown is not), and its price at most the
 * want's maximum when one is given (an item without a price is not).
 */
export function wantMisses(want: WantCriteria, item: WantCandidate): WantCriterion[] {
  const misses: WantCriterion[] = [];
  if (item.status !== 'available') misses.push('available');
  if (!sameText(want.brand, item.brand)) misses.push('brand');
  if (want.model.trim() !== '' && !sameText(want.model, item.model)) misses.push('model');
  if (
    referenceKey(want.reference) !== '' &&
    referenceKey(want.reference) !== referenceKey(item.referenceNumber)
  )
    misses.push('reference');
  if (
    (want.yearFrom !== null || want.yearTo !== null) &&
    (item.year === null ||
      (want.yearFrom !== null && item.year < want.yearFrom) ||
      (want.yearTo !== null && item.year > want.yearTo))
  )
    misses.push('year');
  if (want.conditionGrade !== null) {
    const wanted = gradeRank(want.conditionGrade) as number;
    const has = gradeRank(item.conditionGrade);
    if (has === null || has > wanted) misses.push('condition');
  }
  const max = pence(want.maxPrice);
  if (max !== null) {
    const price = pence(item.price);
    if (price === null || price > max) misses.push('price');
  }
  return misses;
}

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** "£9,500.00". */
export const formatWantPrice = (amount: string | number): string => GBP.format(Number(amount));

/** A want in one line, as the lists show it: "Rolex Submariner 126610LN, 2018–2022, Excellent or better, up to £9,500.00". */
export function wantSummary(want: WantCriteria): string {
  const parts = [[want.brand, want.model, want.reference].filter((p) => p.trim() !== '').join(' ')];
  if (want.yearFrom !== null && want.yearTo !== null)
    parts.push(want.yearFrom === want.yearTo ? `${want.yearFrom}` : `${want.yearFrom}\u2013${want.yearTo}`);
  else if (want.yearFrom !== null) parts.push(`${want.yearFrom} or later`);
  else if (want.yearTo !== null) parts.push(`${want.yearTo} or earlier`);
  if (want.conditionGrade !== null) {
    const label = CONDITION_GRADE_LABELS[want.conditionGrade];
    parts.push(want.conditionGrade === 'unworn' ? label : `${label} or better`);
  }
  if (pence(want.maxPrice) !== null) parts.push(`up to ${formatWantPrice(want.maxPrice as string | number)}`);
  return parts.join(', ');
}
