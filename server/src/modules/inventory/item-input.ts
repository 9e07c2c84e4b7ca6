import {
  BRAND_CATALOGUE,
  CURRENCIES,
  DEFAULT_PAGE_SIZE,
  ITEM_ORDERINGS,
  ITEM_STATUSES,
  PAGE_SIZES,
  STOCK_TYPES,
  TRANSACTION_TYPES,
  type Brand,
  type FieldErrors,
  type ItemCreate,
  type ItemOrdering,
  type ItemQuery,
  type ItemStatus,
  type ItemTransactionInput,
  type ItemUpdate,
  type StockType,
  type TransactionType,
} from '@loupe/contracts';
import { ApiError, BLANK, REQUIRED, fieldErrors } from '../../kernel/http-errors';
import {
  AMOUNT_RULE,
  RATE_RULE,
  amountRuleFor,
  parseDecimal,
  type Currency,
  type DecimalRule,
} from '../../kernel/money';
import type { ItemChanges, ItemFilter, NewTransaction } from './items-repository';

/** Collects DRF field errors so that one answer reports every problem of a form. */
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

const FEE_RULE: DecimalRule = { maxDecimals: 4, maxWholeDigits: 3, allowZero: true };
const PRICE_FILTER_RULE: DecimalRule = { ...AMOUNT_RULE, allowZero: true };
const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

/** A real calendar day written YYYY-MM-DD, or the DRF message. */
export function parseDate(value: string): { value: string } | { error: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return { error: DATE_FORMAT };
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return { error: DATE_FORMAT };
  }
  return { value: value.trim() };
}

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
  if (bounds.notAfter !== undefined && parsed.value > bounds.notAfter) {
    bag.add(field, 'Ensure this date is not in the future.');
  }
  if (bounds.notBefore !== undefined && parsed.value < bounds.notBefore) {
    bag.add(field, 'Ensure this date is not in the past.');
  }
  return parsed.value;
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
    if (options.required) bag.add(field, value === null ? 'This field may not be null.' : REQUIRED);
    return null;
  }
  const parsed = parseDecimal(value, rule);
  if ('error' in parsed) {
    bag.add(field, parsed.error);
    return null;
  }
  return parsed.value;
}

/** Brand from the catalogue (or none), model from that brand's list (or none). */
function brandAndModel(bag: ErrorBag, brandIn = '', modelIn = ''): { brand: string; model: string } {
  const brand = brandIn.normalize('NFC').trim();
  const model = modelIn.normalize('NFC').trim();
  if (brand !== '' && !(brand in BRAND_CATALOGUE)) {
    bag.add('brand', `"${brand}" is not a valid choice.`);
    return { brand, model };
  }
  if (model !== '') {
    if (brand === '') bag.add('model', 'Choose a brand before a model.');
    else if (!(BRAND_CATALOGUE[brand as Brand] as readonly string[]).includes(model)) {
      bag.add('model', `"${model}" is not a ${brand} model.`);
    }
  }
  return { brand, model };
}

/** The fields both add and edit take. */
export function parseItemFields(
  bag: ErrorBag,
  body: ItemUpdate,
  today: string,
  current?: string,
): ItemChanges {
  const serial = body.serial.trim();
  if (serial === '') bag.add('serial', BLANK);
  const { brand, model } = brandAndModel(bag, body.brand, body.model);
  const purchasedOn = dateField(bag, 'purchasedOn', body.purchasedOn, current ?? today, { notAfter: today });
  return {
    serial,
    stockType: body.stockType,
    brand,
    model,
    description: (body.description ?? '').trim(),
    purchasedOn: purchasedOn ?? today,
  };
}

export interface ParsedCreate extends ItemChanges {
  tradePrice: string | null;
  retailPrice: string | null;
  status: ItemStatus;
  transactions: NewTransaction[];
}

/** Add Inventory Item: the shared fields, prices, free status (but not checked out) and transactions. */
export function parseItemCreate(
  bag: ErrorBag,
  // The schema lets checked_out through so that it is refused here with a reason, not as an unknown choice.
  body: Omit<ItemCreate, 'status' | 'transactions'> & {
    status?: ItemStatus;
    transactions?: RawTransaction[];
  },
  today: string,
): ParsedCreate {
  const fields = parseItemFields(bag, body, today);
  const tradePrice = decimalField(bag, 'tradePrice', body.tradePrice, AMOUNT_RULE);
  const retailPrice = decimalField(bag, 'retailPrice', body.retailPrice, AMOUNT_RULE);
  const status = body.status ?? 'available';
  if (status === 'checked_out') {
    bag.add('status', 'An item is checked out with Check Out, which names the client.');
  }
  const transactions = (body.transactions ?? []).map((line, i) => parseTransaction(bag, line, i + 1));
  return { ...fields, tradePrice, retailPrice, status, transactions };
}

/** A line as the schema lets it through: type and currency are checked here, so the error names the line. */
type RawTransaction = Omit<ItemTransactionInput, 'type' | 'currency'> & { type: string; currency?: string };

function parseTransaction(bag: ErrorBag, line: RawTransaction, n: number): NewTransaction {
  const problem = (field: string, message: string) =>
    bag.add('transactions', `Line ${n}: ${field}: ${message}`);
  let type: TransactionType = 'cash';
  if ((TRANSACTION_TYPES as readonly string[]).includes(line.type)) type = line.type as TransactionType;
  else problem('type', `"${line.type}" is not a valid choice.`);
  let currency: Currency = 'GBP';
  if (line.currency === undefined || isCurrency(line.currency)) currency = line.currency ?? 'GBP';
  else problem('currency', `"${line.currency}" is not a valid choice.`);
  const one = (field: string, value: number | string | undefined, rule: DecimalRule, fallback: string) => {
    if (value === undefined) return fallback;
    const parsed = parseDecimal(value, rule);
    if ('error' in parsed) {
      problem(field, parsed.error);
      return fallback;
    }
    return parsed.value;
  };
  const amount = one('amount', line.amount, amountRuleFor(currency), '0');
  const exchangeRate = one('exchangeRate', line.exchangeRate, RATE_RULE, '1');
  const feePercent = one('feePercent', line.feePercent, FEE_RULE, '0');
  // Bounded to 3 whole digits and 4 decimals by FEE_RULE: comparing with 100 as a number is exact.
  if (Number(feePercent) > 100) problem('feePercent', 'Ensure this value is less than or equal to 100.');

  const clientId = line.clientId ?? null;
  if (type === 'cash') {
    if (currency === 'GBP' && exchangeRate !== '1') problem('exchangeRate', 'Must be 1 for GBP.');
    if (clientId !== null) problem('clientId', 'Only credit and debt transactions name a client.');
  } else {
    // "The amount as is" (SPEC §5): credit and debt are what the shop owes or is owed, in pounds.
    if (currency !== 'GBP') problem('currency', 'Credit and debt are recorded in GBP.');
    if (exchangeRate !== '1') problem('exchangeRate', 'Must be 1 for credit and debt.');
    if (feePercent !== '0') problem('feePercent', 'Must be 0 for credit and debt.');
    if (clientId === null) problem('clientId', REQUIRED);
  }
  return { type, amount, currency, exchangeRate, feePercent, clientId };
}

/** Credit and debt lines must name clients of this shop (`names`: the shop's clients among those named). */
export function checkTransactionClients(
  bag: ErrorBag,
  lines: readonly NewTransaction[],
  names: ReadonlyMap<number, string>,
): void {
  lines.forEach((line, i) => {
    if (line.type !== 'cash' && line.clientId !== null && !names.has(line.clientId)) {
      bag.add(
        'transactions',
        `Line ${i + 1}: clientId: Invalid pk "${line.clientId}" - object does not exist.`,
      );
    }
  });
}

// ---------------------------------------------------------------- list query

export interface ParsedListQuery {
  filter: ItemFilter;
  ordering: ItemOrdering;
  page: number;
  pageSize: number;
}

const choiceError = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;
export const invalidPage = () => new ApiError(404, { detail: 'Invalid page.' });

/** "£1,234.50" → "1234.50": the lists show pounds with separators, and users paste what they see (SPEC §5). */
export function parsePriceBound(raw: string): { value: string } | { error: string } {
  const text = raw.replace(/[£,\s]/g, '');
  const parsed = parseDecimal(text, PRICE_FILTER_RULE);
  return 'error' in parsed ? { error: 'Enter a number.' } : parsed;
}

/** The list's query string; an empty parameter is no filter (as django-filter reads a blank form field). */
export function parseListQuery(query: ItemQuery): ParsedListQuery {
  const bag = new ErrorBag();
  const given = (value: string | undefined): string | undefined => {
    const trimmed = value?.trim();
    return trimmed === '' ? undefined : trimmed;
  };
  const filter: ItemFilter = {};

  const pageText = given(query.page) ?? '1';
  if (!/^\d{1,9}$/.test(pageText) || Number(pageText) < 1) throw invalidPage();
  const page = Number(pageText);

  let pageSize = DEFAULT_PAGE_SIZE;
  const size = given(query.page_size);
  if (size !== undefined) {
    if ((PAGE_SIZES as readonly number[]).includes(Number(size)) && /^\d+$/.test(size))
      pageSize = Number(size);
    else bag.add('page_size', choiceError(size));
  }

  const stockType = given(query.stock_type);
  if (stockType !== undefined) {
    if ((STOCK_TYPES as readonly string[]).includes(stockType)) filter.stockType = stockType as StockType;
    else bag.add('stock_type', choiceError(stockType));
  }

  const status = given(query.status);
  if (status !== undefined) {
    const wanted = [...new Set(status.split(',').map((s) => s.trim()))];
    const bad = wanted.filter((s) => !(ITEM_STATUSES as readonly string[]).includes(s));
    if (bad.length > 0) bag.add('status', choiceError(bad.join(',')));
    else filter.statuses = wanted as ItemStatus[];
  }

  const brand = given(query.brand);
  if (brand !== undefined) filter.brand = brand.normalize('NFC');
  const model = given(query.model);
  if (model !== undefined) filter.model = model.normalize('NFC');

  for (const [key, field] of [
    ['min_price', 'minPrice'],
    ['max_price', 'maxPrice'],
  ] as const) {
    const raw = given(query[key]);
    if (raw === undefined) continue;
    const parsed = parsePriceBound(raw);
    if ('error' in parsed) bag.add(key, parsed.error);
    else filter[field] = parsed.value;
  }

  const search = given(query.search);
  if (search !== undefined) filter.serialPrefix = search.toLowerCase();

  const client = given(query.client);
  if (client !== undefined) {
    if (/^\d{1,9}$/.test(client) && Number(client) >= 1) filter.clientId = Number(client);
    else bag.add('client', 'Enter a whole number.');
  }

  const promoted = given(query.promoted)?.toLowerCase();
  if (promoted !== undefined) {
    if (promoted === 'true') filter.promoted = true;
    else if (promoted === 'false') filter.promoted = false;
    else bag.add('promoted', choiceError(promoted));
  }

  const orderingText = given(query.ordering) ?? '-created_at';
  let ordering: ItemOrdering = '-created_at';
  if ((ITEM_ORDERINGS as readonly string[]).includes(orderingText)) ordering = orderingText as ItemOrdering;
  else bag.add('ordering', choiceError(orderingText));

  bag.throwIfAny();
  return { filter, ordering, page, pageSize };
}

export const isCurrency = (value: string): value is Currency =>
  (CURRENCIES as readonly string[]).includes(value);
