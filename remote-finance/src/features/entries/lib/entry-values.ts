import {
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  type Currency,
  type PaymentMethod,
} from '@loupe/contracts';
import { amountDecimals, isDay, parseDecimal, today } from '@loupe/platform';

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

/** The fields in the order they appear, so the first one in error gets the focus. */
export const FIELD_ORDER: readonly FieldName[] = [
  'name',
  'amount',
  'currency',
  'exchangeRate',
  'payment_method',
  'date',
  'buyerKind',
  'client',
  'buyerName',
  'notes',
];

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
 * one amount rule ("10,500", and "£10,500.00" for an amount in pounds); a rate has no `currency`.
 */
function decimalError(
  value: string,
  label: string,
  maxDecimals: number,
  currency: Currency | null = null,
): string | null {
  const text = value.trim();
  if (!text) return `${label} is required.`;
  const parsed = parseDecimal(text, { currency });
  if (!parsed) return `${label} must be a positive number.`;
  if ((text.split('.')[1] ?? '').length > maxDecimals) {
    return `${label} can have at most ${maxDecimals} decimal places.`;
  }
  if (parsed.eq(0)) return `${label} must be greater than zero.`;
  return null;
}
/** The service keeps a rate to 8 places (GBP per unit). */
export const RATE_DECIMALS = 8;

/** SPEC §5: name and amount are required; the rest is checked as the service will check it. */
export function validateEntry(values: EntryValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!values.name.trim()) errors.name = 'Name is required.';
  else if (values.name.trim().length > NAME_MAX) errors.name = `Name can be at most ${NAME_MAX} characters.`;
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
