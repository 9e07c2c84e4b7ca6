import {
  ADDRESS_PARTS,
  checkPostalAddress,
  dayBoundsProblem,
  NO_ADDRESS,
  type PostalAddress,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  type Currency,
  type LedgerPayment,
  DEFAULT_CLIENT_ORDERING,
  DEFAULT_CLIENT_STATUS,
  type ClientOrdering,
  type ClientQuery,
  type ClientWrite,
} from '@loupe/contracts';
import { BLANK, REQUIRED } from '../../kernel/http-errors';
import {
  GBP_RATE_IS_ONE,
  RATE_RULE,
  amountRuleFor,
  gbpRateProblem,
  parseDecimal,
  type DecimalRule,
} from '../../kernel/money';
import {
  ErrorBag,
  INVALID_EMAIL,
  isValidEmail,
  NOT_NULL,
  given,
  parseDate,
  pagingOf,
  text,
  type Paging,
} from '../../kernel/validation';
import type { ClientFields, ClientFilter } from './clients-repository';

export const INVALID_PHONE = 'Enter a valid phone number.';
/** Digits with the usual separators and an optional leading +; at least one digit. */
const PHONE = /^\+?[\d\s().\-/]*\d[\d\s().\-/]*$/;
export const isValidPhone = (phone: string): boolean => PHONE.test(phone);

/**
 * The fields of a create or a PUT. Name and email are always required; an optional field left out keeps its
 * current value on a PUT (as DRF's update does) and takes its default on a create.
 */
export function parseClientWrite(body: ClientWrite, current?: ClientFields): ClientFields {
  const bag = new ErrorBag();
  const name = text(body.name);
  if (name === '') bag.add('name', BLANK);
  const email = text(body.email);
  if (email === '') bag.add('email', BLANK);
  else if (email !== undefined && !isValidEmail(email)) bag.add('email', INVALID_EMAIL);
  const phone = text(body.phone);
  if (phone !== undefined && phone !== '' && !PHONE.test(phone)) bag.add('phone', INVALID_PHONE);
  const notes = text(body.notes);
  const address = parseAddress(bag, body, current);
  bag.throwIfAny();
  return {
    ...(address as PostalAddress),
    name: name as string,
    email: email as string,
    phone: phone ?? current?.phone ?? '',
    status: body.status ?? current?.status ?? DEFAULT_CLIENT_STATUS,
    // Notes keep their inner layout; only the ends are trimmed.
    notes: notes ?? current?.notes ?? '',
  };
}

/**
 * The postal address of a create or a PUT, checked whole by the contracts' rule (address.ts): on a PUT an omitted
 * part keeps its value, so the address checked is the one that would be stored. Null when the bag got a problem.
 */
function parseAddress(bag: ErrorBag, body: ClientWrite, current?: ClientFields): PostalAddress | null {
  const typed = { ...(current === undefined ? NO_ADDRESS : pickAddress(current)) };
  for (const part of ADDRESS_PARTS) {
    const value = body[part];
    if (value !== undefined) typed[part] = value;
  }
  const checked = checkPostalAddress(typed);
  if (checked.problems === null) return checked.address;
  for (const part of ADDRESS_PARTS) {
    const problem = checked.problems[part];
    if (problem !== undefined) bag.add(part, problem);
  }
  return null;
}

/** Only the address parts of a record that has more. */
export const pickAddress = (from: PostalAddress): PostalAddress => ({
  addressLine1: from.addressLine1,
  addressLine2: from.addressLine2,
  town: from.town,
  postcode: from.postcode,
  country: from.country,
});

export interface ParsedClientQuery extends Paging {
  filter: ClientFilter;
  ordering: ClientOrdering;
}

/** The clients list's query string as its schema read it (trimmed, blanks dropped, typed). */
export function parseClientQuery(query: ClientQuery): ParsedClientQuery {
  const filter: ClientFilter = {};
  const search = given(query.search);
  if (search !== undefined) filter.search = search.toLowerCase();
  if (query.status !== undefined) filter.status = query.status;
  if (query.has_item_checked_out !== undefined) filter.hasItemCheckedOut = query.has_item_checked_out;
  if (query.kyc !== undefined) filter.kyc = query.kyc;
  if (query.balance !== undefined) filter.balance = query.balance;
  return { ...pagingOf(query), filter, ordering: query.ordering ?? DEFAULT_CLIENT_ORDERING };
}

// ---------------------------------------------------------------- payments

export const TOO_SMALL = 'Ensure the amount is worth at least \u00a30.01.';
export const TOO_LARGE = 'Ensure the amount is worth no more than \u00a3999,999,999,999.99.';
export const MAX_GBP = '999999999999.99';

// At most 15 significant digits, so that every amount and rate reads back exactly as the JSON number the
// ledger list shows: 7 whole digits for bitcoin (8 decimals) and for rates (8 decimals); the other currencies
// keep the kernel's 12 whole digits with 2 decimals.
const PAYMENT_RATE_RULE: DecimalRule = { ...RATE_RULE, maxWholeDigits: 7 };
const paymentAmountRule = (currency: string): DecimalRule =>
  currency === 'BTC' ? { ...amountRuleFor('BTC'), maxWholeDigits: 7 } : amountRuleFor(currency);

const GREATER_THAN_ZERO = 'Ensure this value is greater than 0.';
/** Zero and negatives are refused alike (the direction carries the sign), so they get the same words. */
function parsePositive(value: unknown, rule: DecimalRule): { value: string } | { error: string } {
  const parsed = parseDecimal(value, rule);
  return 'error' in parsed && parsed.error.startsWith('Ensure this value is greater than')
    ? { error: GREATER_THAN_ZERO }
    : parsed;
}

export interface ParsedPayment {
  /** Unsigned: the direction gives the sign. */
  amount: string;
  currency: Currency;
  exchangeRate: string;
  method: string;
  date: string;
  note: string;
}

/**
 * A payment's fields, every problem in `bag`; `null` fields only when the bag has errors. The server never
 * guesses a rate: a foreign currency needs the one the dealer actually used.
 */
export function parsePayment(
  bag: ErrorBag,
  body: LedgerPayment,
  today: string,
): Omit<ParsedPayment, 'amount' | 'exchangeRate'> & { amount: string | null; exchangeRate: string | null } {
  const currency = body.currency ?? DEFAULT_CURRENCY;
  let amount: string | null = null;
  const parsedAmount = parsePositive(body.amount, paymentAmountRule(currency));
  if ('error' in parsedAmount) bag.add('amount', parsedAmount.error);
  else amount = parsedAmount.value;

  let exchangeRate: string | null = null;
  const rateGiven =
    body.exchangeRate !== undefined &&
    body.exchangeRate !== null &&
    !(typeof body.exchangeRate === 'string' && body.exchangeRate.trim() === '');
  if (!rateGiven) {
    if (currency === 'GBP') exchangeRate = '1';
    else bag.add('exchangeRate', body.exchangeRate === null ? NOT_NULL : REQUIRED);
  } else {
    const parsedRate = parsePositive(body.exchangeRate, PAYMENT_RATE_RULE);
    if ('error' in parsedRate) bag.add('exchangeRate', parsedRate.error);
    else if (gbpRateProblem(currency, parsedRate.value)) bag.add('exchangeRate', GBP_RATE_IS_ONE);
    else exchangeRate = parsedRate.value;
  }

  let date = today;
  if (body.date !== undefined && body.date.trim() !== '') {
    const parsed = parseDate(body.date);
    if ('error' in parsed) bag.add('date', parsed.error);
    else {
      const outside = dayBoundsProblem(parsed.value, { notAfter: today });
      if (outside !== null) bag.add('date', outside);
      else date = parsed.value;
    }
  }
  const note = text(body.note) ?? '';
  return { amount, currency, exchangeRate, method: body.method ?? DEFAULT_PAYMENT_METHOD, date, note };
}
