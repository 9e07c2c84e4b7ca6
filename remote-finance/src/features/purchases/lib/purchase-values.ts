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
  isBlank,
  textRuleProblem,
  type StockType,
} from '@loupe/contracts';
import {
  amountDecimals,
  parseDecimal,
  productRounded,
  rowFieldName,
  toDecimal,
  today,
  type ClientChoice,
  type Decimal,
  type FormProblems,
} from '@loupe/platform';
import {
  amountError,
  dayError,
  newKey,
  payment,
  paymentErrors,
  paymentField,
  type PaymentValues,
} from '../../../lib/payment-values';

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

/** Messages beside the fields: the purchase's own by name, a line's or a payment's by rowFieldName. */
export type PurchaseProblems = FormProblems<PurchaseValues>;

/** A line's field's name (its message and its control's `name`): `lines:buy3:price`. */
export const lineField = (key: string, field: string) => rowFieldName('lines', key, field);

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

/**
 * What the browser can tell before sending, by the contracts' field rules (amounts, days, text); the service
 * checks everything again and its messages win. `sellerProblem`: what the page knows of the seller (no postal
 * address, which the purchase invoice must print).
 */
export function validatePurchase(
  values: PurchaseValues,
  threshold: number | null,
  sellerProblem: string | null = null,
): PurchaseProblems {
  const problems: PurchaseProblems = {};
  const set = (name: keyof PurchaseProblems, message: string | null) => {
    if (message) problems[name] ??= message;
  };
  const now = today();
  if (!values.seller) set('seller', 'Choose the seller: a client with their postal address.');
  set('seller', sellerProblem);
  set('date', dayError(values.date, 'Date', now));
  if (values.lines.length === 0) set('lines', PURCHASE_NO_LINE);
  if (values.lines.length > PURCHASE_MAX_LINES)
    set('lines', `A purchase has at most ${PURCHASE_MAX_LINES} items.`);
  if (values.payments.length === 0) set('payments', PURCHASE_NO_PAYMENT);
  if (values.payments.length > PURCHASE_MAX_PAYMENTS) {
    set('payments', `A purchase has at most ${PURCHASE_MAX_PAYMENTS} payments.`);
  }
  set('notes', textRuleProblem(values.notes, 'multiline'));
  const serials = new Set<string>();

  for (const line of values.lines) {
    const own = (field: string, message: string | null) => set(lineField(line.key, field), message);
    const serial = line.serial.trim().toUpperCase();
    if (!serial) own('serial', 'Serial is required.');
    else if (serials.has(serial)) own('serial', PURCHASE_SERIAL_TWICE);
    own('serial', textRuleProblem(line.serial));
    serials.add(serial);
    own('description', textRuleProblem(line.description, 'multiline'));
    own('price', amountError(line.price, amountDecimals('GBP'), 'Price'));
    own('intakeNotes', textRuleProblem(line.intakeNotes, 'multiline'));
    if (needsRegisterCheck(line, threshold) || checkStarted(line.check)) {
      if (isBlank(line.check.provider)) own('checkProvider', 'Provider is required.');
      own('checkProvider', textRuleProblem(line.check.provider));
      if (isBlank(line.check.reference)) own('checkReference', 'Search reference is required.');
      own('checkReference', textRuleProblem(line.check.reference));
      own('checkCheckedOn', dayError(line.check.checkedOn, 'Date of the search', now));
      if (!line.check.result) own('checkResult', 'Choose the result.');
      if (!line.check.certificate) own('checkCertificate', 'Attach the certificate.');
    }
  }
  for (const p of values.payments) {
    for (const [field, message] of Object.entries(paymentErrors(p))) set(paymentField(p.key, field), message);
  }
  // The payments out settle the purchase exactly (the service refuses anything else).
  const totals = purchaseTotals(values);
  if (values.payments.length > 0 && totals.complete && !totals.left.eq(0)) {
    set('payments', PURCHASE_NOT_BALANCED(totals.total.toFixed(2), totals.paid.toFixed(2)));
  }
  return problems;
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
