import {
  decimalPlacesMessage,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  INVALID_NUMBER,
  isBlank,
  NOT_NEGATIVE,
  POSITIVE,
  readDecimal,
  textRuleProblem,
  type Currency,
  type PaymentMethod,
} from '@loupe/contracts';
import { amountDecimals, isDay, today } from '@loupe/platform';

/** Who bought, on a quick sale's invoice (issue 13): nobody named, one of the shop's clients, or a walk-in. */
export const BUYER_KINDS = ['none', 'client', 'walk_in'] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];
export const BUYER_KIND_LABELS: Record<BuyerKind, string> = {
  none: 'Not named',
  client: 'A client',
  walk_in: 'A walk-in buyer',
};

/** What the form holds, as typed (amounts stay decimal strings until the server parses them exactly). */
export interface EntryValues {
  name: string;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  payment_method: PaymentMethod;
  notes: string;
  date: string;
  /** Quick sales only (an expense has no buyer and leaves these at their defaults). */
  buyerKind: BuyerKind;
  client: { id: number; name: string } | null;
  buyerName: string;
}

export type FieldName = keyof EntryValues;

/** SPEC §3, §9: GBP, Cash and today (the user's own calendar day) until the user changes them. */
export const entryDefaults = (): EntryValues => ({
  name: '',
  amount: '',
  currency: DEFAULT_CURRENCY,
  exchangeRate: '',
  payment_method: DEFAULT_PAYMENT_METHOD,
  notes: '',
  date: today(),
  buyerKind: 'none',
  client: null,
  buyerName: '',
});

export const NAME_MAX = 200;

/**
 * Why a typed decimal cannot be sent, or null. `label` starts the message ("Amount is required."). Read by the
 * one amount rule the service reads it with (contracts' readDecimal: "10,500", and "£10,500.00" for an amount
 * in pounds; a rate has no `currency`), its refusals said in this form's own words.
 */
function decimalError(
  value: string,
  label: string,
  maxDecimals: number,
  currency: Currency | null = null,
): string | null {
  if (isBlank(value)) return `${label} is required.`;
  const read = readDecimal(value, { maxDecimals, maxWholeDigits: 12, currency: currency ?? undefined });
  if (!('error' in read)) return null;
  if (read.error === INVALID_NUMBER || read.error === NOT_NEGATIVE)
    return `${label} must be a positive number.`;
  if (read.error === decimalPlacesMessage(maxDecimals)) {
    return `${label} can have at most ${maxDecimals} decimal places.`;
  }
  if (read.error === POSITIVE) return `${label} must be greater than zero.`;
  return read.error;
}
/** The service keeps a rate to 8 places (GBP per unit). */
export const RATE_DECIMALS = 8;

/** SPEC §5: name and amount are required; the rest is checked as the service will check it. */
export function validateEntry(values: EntryValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (isBlank(values.name)) errors.name = 'Name is required.';
  else if (values.name.trim().length > NAME_MAX) errors.name = `Name can be at most ${NAME_MAX} characters.`;
  else errors.name = textRuleProblem(values.name) ?? undefined;
  const amount = decimalError(values.amount, 'Amount', amountDecimals(values.currency), values.currency);
  if (amount) errors.amount = amount;
  if (values.currency !== 'GBP') {
    const rate = decimalError(values.exchangeRate, 'Exchange rate', RATE_DECIMALS);
    if (rate) errors.exchangeRate = rate;
  }
  if (!isDay(values.date)) errors.date = 'Date is required.';
  if (values.buyerKind === 'client' && !values.client) errors.client = 'Choose the client who bought.';
  if (values.buyerKind === 'walk_in') {
    const buyer = values.buyerName.trim();
    if (!buyer) errors.buyerName = 'Buyer name is required.';
    else if (buyer.length > NAME_MAX) errors.buyerName = `Buyer name can be at most ${NAME_MAX} characters.`;
    else errors.buyerName = textRuleProblem(buyer) ?? undefined;
  }
  return errors;
}

/** The server's field names → the form's (the list's `expense_date` is the form's `date`). */
export const SERVER_FIELDS: Record<string, FieldName> = {
  name: 'name',
  amount: 'amount',
  currency: 'currency',
  exchangeRate: 'exchangeRate',
  exchange_rate: 'exchangeRate',
  payment_method: 'payment_method',
  notes: 'notes',
  date: 'date',
  expense_date: 'date',
  sale_date: 'date',
  clientId: 'client',
  buyerName: 'buyerName',
};
