import {
  CURRENCIES,
  PAYMENT_METHODS,
  TRANSACTION_TYPES,
  type ItemCreate,
  type ItemOrdering,
  type ItemQuery,
  type ItemStatus,
  type ItemTransactionInput,
  type ItemUpdate,
  type PaymentMethod,
  type TransactionType,
  ITEM_ATTRIBUTE_NAMES,
  readItemAttributes,
  stockNumberOf,
} from '@loupe/contracts';
import { BLANK, REQUIRED } from '../../kernel/http-errors';
import { ErrorBag, dateField, decimalField, invalidChoice, isOneOf, pagingOf } from '../../kernel/validation';
import {
  AMOUNT_RULE,
  RATE_RULE,
  amountRuleFor,
  gbpRateProblem,
  parseDecimal,
  type Currency,
  type DecimalRule,
} from '../../kernel/money';
import type { ItemFormPayment } from './deps';
import type { AttributeChanges, ItemChanges, ItemFilter, NewTransaction } from './items-repository';

const FEE_RULE: DecimalRule = { maxDecimals: 4, maxWholeDigits: 3, allowZero: true };
const PRICE_FILTER_RULE: DecimalRule = { ...AMOUNT_RULE, allowZero: true };
/**
 * Brand and model as typed (or none); a model only with a brand. Whether they are in the shop's catalogue is
 * checked against the database (catalogue-items.ts's checkItemCatalogue), by the service.
 */
function brandAndModel(bag: ErrorBag, brandIn = '', modelIn = ''): { brand: string; model: string } {
  const brand = brandIn.normalize('NFC').trim();
  const model = modelIn.normalize('NFC').trim();
  if (model !== '' && brand === '') bag.add('model', 'Choose a brand before a model.');
  return { brand, model };
}

/** The fields both add and edit take. */
export function parseItemFields(
  bag: ErrorBag,
  body: Omit<ItemUpdate, 'version'>,
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
    location: body.location?.trim(),
    vatScheme: body.vatScheme,
    attributes: parseAttributes(bag, body, today),
  };
}

/** The attributes sent (rules in contracts/src/item-attributes.ts), errors keyed by field; year up to this year. */
function parseAttributes(bag: ErrorBag, body: Omit<ItemUpdate, 'version'>, today: string): AttributeChanges {
  const sent = Object.fromEntries(
    ITEM_ATTRIBUTE_NAMES.filter((name) => name in body).map((name) => [name, body[name]]),
  );
  const { values, errors } = readItemAttributes(sent, Number(today.slice(0, 4)));
  for (const [field, message] of Object.entries(errors)) bag.add(field, message);
  return values;
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
  body: ItemCreate,
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

/** A cash line's payment method when it names none: bitcoin is paid in bitcoin, anything else as notes (Cash). */
export const cashMethodFor = (currency: Currency): PaymentMethod => (currency === 'BTC' ? 'Bitcoin' : 'Cash');

/**
 * The payments out of Add Item's purchase document (issue 22): each transaction as stored (`stored`, in the same
 * order: its id and GBP value net of fee), with its method — a cash line's own or its default, null on credit/debt.
 */
export function itemFormPayments(
  lines: readonly NewTransaction[],
  stored: ReadonlyArray<{ id: number; amountGbp: string }>,
): ItemFormPayment[] {
  return lines.map((t, i) => {
    const row = stored[i] as { id: number; amountGbp: string };
    return {
      transactionId: row.id,
      type: t.type,
      method: t.type === 'cash' ? (t.method ?? cashMethodFor(t.currency)) : null,
      amount: t.amount,
      currency: t.currency,
      exchangeRate: t.exchangeRate,
      amountGbp: row.amountGbp,
    };
  });
}

/** Type and currency are plain strings in the contract: checked here, so that the error names the line. */
function parseTransaction(bag: ErrorBag, line: ItemTransactionInput, n: number): NewTransaction {
  const problem = (field: string, message: string) =>
    bag.add('transactions', `Line ${n}: ${field}: ${message}`);
  let type: TransactionType = 'cash';
  if (isOneOf(TRANSACTION_TYPES, line.type)) type = line.type;
  else problem('type', invalidChoice(line.type));
  let currency: Currency = 'GBP';
  if (line.currency === undefined || isCurrency(line.currency)) currency = line.currency ?? 'GBP';
  else problem('currency', invalidChoice(line.currency));
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
  // How a cash line was paid (issue 22): the item form's "cash" is money paid, in any currency, so it may be
  // notes (the AML guard's Cash), a bank transfer or bitcoin. Default Cash (Bitcoin for BTC), the cautious choice.
  let method: PaymentMethod | null = null;
  if (type === 'cash') {
    method = cashMethodFor(currency);
    if (line.method !== undefined) {
      if (isOneOf(PAYMENT_METHODS, line.method)) method = line.method;
      else problem('method', invalidChoice(line.method));
    }
  } else if (line.method !== undefined) {
    problem('method', 'Only cash transactions name a payment method.');
  }
  if (type === 'cash') {
    const notOne = gbpRateProblem(currency, exchangeRate);
    if (notOne) problem('exchangeRate', notOne);
    if (clientId !== null) problem('clientId', 'Only credit and debt transactions name a client.');
  } else {
    // "The amount as is" (SPEC §5): credit and debt are what the shop owes or is owed, in pounds.
    if (currency !== 'GBP') problem('currency', 'Credit and debt are recorded in GBP.');
    if (exchangeRate !== '1') problem('exchangeRate', 'Must be 1 for credit and debt.');
    if (feePercent !== '0') problem('feePercent', 'Must be 0 for credit and debt.');
    if (clientId === null) problem('clientId', REQUIRED);
  }
  return { type, amount, currency, exchangeRate, feePercent, clientId, method };
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

/**
 * "£1,234.50" → "1234.50": the lists show pounds with separators, and users paste what they see (SPEC §5). The
 * one amount rule (contracts' plainAmount) reads it, as it reads every typed amount.
 */
export function parsePriceBound(raw: string): { value: string } | { error: string } {
  const parsed = parseDecimal(raw, PRICE_FILTER_RULE);
  return 'error' in parsed ? { error: 'Enter a number.' } : parsed;
}

/**
 * The list's query string as its schema read it (trimmed, blanks dropped, typed); what is left is what a schema
 * cannot say: a price bound as the lists show it, a status list without repeats, brand and model in NFC.
 */
export function parseListQuery(query: ItemQuery): ParsedListQuery {
  const bag = new ErrorBag();
  const filter: ItemFilter = {};
  if (query.stock_type !== undefined) filter.stockType = query.stock_type;
  if (query.status !== undefined) {
    filter.statuses = [...new Set(query.status.split(',').map((s) => s.trim()))] as ItemStatus[];
  }
  if (query.brand !== undefined) filter.brand = query.brand.normalize('NFC');
  if (query.model !== undefined) filter.model = query.model.normalize('NFC');
  for (const [key, field] of [
    ['min_price', 'minPrice'],
    ['max_price', 'maxPrice'],
  ] as const) {
    const raw = query[key];
    if (raw === undefined) continue;
    const parsed = parsePriceBound(raw);
    if ('error' in parsed) bag.add(key, parsed.error);
    else filter[field] = parsed.value;
  }
  if (query.search !== undefined) {
    filter.serialPrefix = query.search.toLowerCase();
    // Digits only ("#1042", "Stock no. 1042" too) may be a stock number (issue 22).
    const stockNumber = stockNumberOf(query.search);
    if (stockNumber !== null) filter.stockNumber = stockNumber;
  }
  if (query.reference !== undefined) filter.reference = query.reference.normalize('NFC').toLowerCase();
  if (query.condition_grade !== undefined) filter.conditionGrade = query.condition_grade;
  if (query.box !== undefined) filter.box = query.box;
  if (query.papers !== undefined) filter.papers = query.papers;
  if (query.metal !== undefined) filter.metal = query.metal;
  if (query.client !== undefined) filter.clientId = query.client;
  if (query.promoted !== undefined) filter.promoted = query.promoted;
  if (query.location !== undefined) filter.location = query.location;
  if (query.consignment !== undefined) filter.consignment = query.consignment;
  bag.throwIfAny();
  return { filter, ordering: query.ordering ?? '-created_at', ...pagingOf(query) };
}

export const isCurrency = (value: string): value is Currency => isOneOf(CURRENCIES, value);
