import {
  DEFAULT_PURCHASE_REGISTER_CHECK_THRESHOLD_GBP,
  DEFAULT_REGISTER_PROVIDER,
  PURCHASE_MAX_LINES,
  PURCHASE_MAX_PAYMENTS,
  PURCHASE_NO_LINE,
  PURCHASE_NO_PAYMENT,
  PURCHASE_NOT_BALANCED,
  PURCHASE_SERIAL_TWICE,
  type PurchaseCreate,
  type PurchaseLineInput,
  type RegisterResult,
  type SellerKind,
  type StockType,
} from '@loupe/contracts';
import {
  amountDecimals,
  isDay,
  parseDecimal,
  productRounded,
  toDecimal,
  today,
  type ClientChoice,
  type Decimal,
} from '@loupe/platform';
import { amountError, newKey, payment, paymentErrors, type PaymentValues } from '../../../lib/payment-values';

/*
 * The buy-in screen's values as typed (amounts stay the decimal text until the service parses them exactly), the
 * totals it shows live, what it can tell before sending, and the body the service takes (PurchaseCreate).
 */

/** What came with a piece, in the order the intake asks. */
export const INCLUDED = ['box', 'papers', 'warrantyCard', 'serviceHistory', 'extraLinks'] as const;
export type Included = (typeof INCLUDED)[number];
export const INCLUDED_LABELS: Record<Included, string> = {
  box: 'Box',
  papers: 'Papers',
  warrantyCard: 'Warranty card',
  serviceHistory: 'Service history',
  extraLinks: 'Extra links',
};

/** A stolen-goods register search of one watch, with its certificate (uploaded once the purchase is saved). */
export interface RegisterCheckValues {
  provider: string;
  reference: string;
  checkedOn: string;
  /** '' until chosen. */
  result: RegisterResult | '';
  certificate: File | null;
}

export interface PurchaseLineValues {
  key: string;
  stockType: StockType;
  brand: string;
  model: string;
  serial: string;
  description: string;
  price: string;
  conditionGrade: string;
  included: Record<Included, boolean>;
  intakeNotes: string;
  check: RegisterCheckValues;
}

export interface PurchaseValues {
  seller: ClientChoice | null;
  sellerKind: SellerKind;
  date: string;
  lines: PurchaseLineValues[];
  payments: PaymentValues[];
  notes: string;
}

export const PURCHASE_FIELDS = ['seller', 'sellerKind', 'date', 'lines', 'payments', 'notes'] as const;
export type PurchaseField = (typeof PURCHASE_FIELDS)[number];

/** Messages beside the fields: the purchase's, and each line's and payment's by its key and field. */
export interface PurchaseErrors {
  fields: Partial<Record<PurchaseField, string>>;
  lines: Record<string, Record<string, string>>;
  payments: Record<string, Record<string, string>>;
}

export const noErrors = (): PurchaseErrors => ({ fields: {}, lines: {}, payments: {} });
export const hasErrors = (errors: PurchaseErrors): boolean =>
  Object.values(errors.fields).some(Boolean) ||
  [errors.lines, errors.payments].some((rows) =>
    Object.values(rows).some((row) => Object.values(row).some(Boolean)),
  );

/** The shop's threshold when its settings do not say (the service's default). */
export const DEFAULT_REGISTER_CHECK_THRESHOLD = Number(DEFAULT_PURCHASE_REGISTER_CHECK_THRESHOLD_GBP);

export const purchaseDefaults = (): PurchaseValues => ({
  seller: null,
  sellerKind: 'private',
  date: today(),
  lines: [purchaseLine()],
  payments: [],
  notes: '',
});

export function purchaseLine(): PurchaseLineValues {
  return {
    key: newKey('buy'),
    stockType: 'Watches',
    brand: '',
    model: '',
    serial: '',
    description: '',
    price: '',
    conditionGrade: '',
    included: { box: false, papers: false, warrantyCard: false, serviceHistory: false, extraLinks: false },
    intakeNotes: '',
    check: {
      provider: DEFAULT_REGISTER_PROVIDER,
      reference: '',
      checkedOn: '',
      result: '',
      certificate: null,
    },
  };
}

/** A payment out of the shop to the seller, prefilled with what is left to pay. */
export const paymentOut = (left?: Decimal): PaymentValues =>
  payment(left && left.gt(0) ? left : undefined, 'out');

// ------------------------------------------------------------------------------------------------- totals

export interface PurchaseTotals {
  total: Decimal;
  paid: Decimal;
  left: Decimal;
  /** Every price, amount and rate reads as a number: the figures are the service's. */
  complete: boolean;
}

/** Σ line prices (GBP), Σ payments out at their own rates (round2 each), and what is left to pay. */
export function purchaseTotals(values: Pick<PurchaseValues, 'lines' | 'payments'>): PurchaseTotals {
  let complete = true;
  let total = toDecimal(0);
  for (const line of values.lines) {
    const price = parseDecimal(line.price);
    if (price) total = total.plus(price);
    else complete = false;
  }
  let paid = toDecimal(0);
  for (const p of values.payments) {
    const amount = parseDecimal(p.amount);
    const rate = p.currency === 'GBP' ? toDecimal(1) : parseDecimal(p.exchangeRate);
    if (amount && rate) paid = paid.plus(productRounded(amount, rate));
    else complete = false;
  }
  return { total, paid, left: total.minus(paid), complete };
}

/**
 * Whether a line needs a stolen-goods register check: a watch priced at or above the shop's threshold (GBP). A
 * price not yet a number needs none yet; the service decides on what is sent.
 */
export function needsRegisterCheck(line: PurchaseLineValues, threshold: number | null): boolean {
  if (threshold === null || line.stockType !== 'Watches') return false;
  const price = parseDecimal(line.price);
  return price !== null && price.gte(threshold);
}

/** Whether any part of the check was typed: a check given though not required is sent whole too. */
export const checkStarted = (check: RegisterCheckValues): boolean =>
  Boolean(check.reference.trim() || check.checkedOn || check.result || check.certificate);

// ------------------------------------------------------------------------------------------------- checks

export const TEXT_MAX = { serial: 100, description: 2000, notes: 2000, reference: 100, provider: 100 };

/** What the browser can tell before sending; the service checks everything again and its messages win. */
export function validatePurchase(values: PurchaseValues, threshold: number | null): PurchaseErrors {
  const errors = noErrors();
  const set = (field: PurchaseField, message: string) => {
    errors.fields[field] ??= message;
  };
  if (!values.seller) set('seller', 'Choose the seller: a client with their postal address.');
  if (!isDay(values.date)) set('date', 'Date is required.');
  else if (values.date > today()) set('date', 'Ensure this date is not in the future.');
  if (values.lines.length === 0) set('lines', PURCHASE_NO_LINE);
  if (values.lines.length > PURCHASE_MAX_LINES)
    set('lines', `A purchase has at most ${PURCHASE_MAX_LINES} items.`);
  if (values.payments.length === 0) set('payments', PURCHASE_NO_PAYMENT);
  if (values.payments.length > PURCHASE_MAX_PAYMENTS) {
    set('payments', `A purchase has at most ${PURCHASE_MAX_PAYMENTS} payments.`);
  }
  const serials = new Set<string>();

  for (const line of values.lines) {
    const own: Record<string, string> = {};
    const serial = line.serial.trim().toUpperCase();
    if (!serial) own.serial = 'Serial is required.';
    else if (serials.has(serial)) own.serial = PURCHASE_SERIAL_TWICE;
    serials.add(serial);
    const price = amountError(line.price, amountDecimals('GBP'), 'Price');
    if (price) own.price = price;
    if (needsRegisterCheck(line, threshold) || checkStarted(line.check)) {
      if (!line.check.provider.trim()) own.checkProvider = 'Provider is required.';
      if (!line.check.reference.trim()) own.checkReference = 'Search reference is required.';
      if (!isDay(line.check.checkedOn)) own.checkCheckedOn = 'Date of the search is required.';
      else if (line.check.checkedOn > today()) own.checkCheckedOn = 'Ensure this date is not in the future.';
      if (!line.check.result) own.checkResult = 'Choose the result.';
      if (!line.check.certificate) own.checkCertificate = 'Attach the certificate.';
    }
    if (Object.keys(own).length > 0) errors.lines[line.key] = own;
  }
  for (const p of values.payments) {
    const own = paymentErrors(p);
    if (Object.keys(own).length > 0) errors.payments[p.key] = own;
  }
  // The payments out settle the purchase exactly (the service refuses anything else).
  const totals = purchaseTotals(values);
  if (values.payments.length > 0 && totals.complete && !totals.left.eq(0)) {
    set('payments', PURCHASE_NOT_BALANCED(totals.total.toFixed(2), totals.paid.toFixed(2)));
  }
  return errors;
}

// ------------------------------------------------------------------------------------------------- body

function lineBody(line: PurchaseLineValues, threshold: number | null): PurchaseLineInput {
  const text = (value: string) => value.trim() || undefined;
  const check = line.check;
  const withCheck =
    line.stockType === 'Watches' && (needsRegisterCheck(line, threshold) || checkStarted(check));
  return {
    stockType: line.stockType,
    ...(line.brand ? { brand: line.brand } : {}),
    ...(line.model ? { model: line.model } : {}),
    serial: line.serial.trim(),
    ...(text(line.description) ? { description: line.description.trim() } : {}),
    price: line.price.trim(),
    intake: {
      conditionGrade: (line.conditionGrade || null) as NonNullable<
        PurchaseLineInput['intake']
      >['conditionGrade'],
      ...line.included,
      ...(text(line.intakeNotes) ? { notes: line.intakeNotes.trim() } : {}),
    },
    ...(withCheck && check.result
      ? {
          registerCheck: {
            provider: check.provider.trim(),
            searchReference: check.reference.trim(),
            checkedOn: check.checkedOn,
            result: check.result,
          },
        }
      : {}),
  };
}

/** The purchase as the service takes it (PurchaseCreate), lines and payments in the order shown. */
export function purchaseBody(values: PurchaseValues, threshold: number | null): PurchaseCreate {
  return {
    sellerId: values.seller?.id ?? 0,
    sellerKind: values.sellerKind,
    date: values.date,
    lines: values.lines.map((line) => lineBody(line, threshold)),
    payments: values.payments.map((p) => ({
      method: p.method,
      amount: p.amount.trim(),
      currency: p.currency,
      ...(p.currency === 'GBP' ? {} : { exchangeRate: p.exchangeRate.trim() }),
    })),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
  };
}
