import {
  PURCHASE_CHECK_NOT_WATCH,
  PURCHASE_NO_LINE,
  PURCHASE_NO_PAYMENT,
  PURCHASE_SERIAL_TWICE,
  type Intake,
  type PurchaseCreate,
  type PurchaseLineInput,
  type RegisterCheckInput,
  type SellerKind,
  type StockType,
} from '@loupe/contracts';
import { BLANK, REQUIRED } from '../../kernel/http-errors';
import { AMOUNT_RULE } from '../../kernel/money';
import { ErrorBag, dateField, decimalField } from '../../kernel/validation';
import { parsePayments } from '../sales';
import type { NewPurchasePayment } from './purchases-repository';

/** The stock type a stolen-goods register check is for (The Watch Register records watches). */
export const WATCH: StockType = 'Watches';

export interface ParsedLine {
  stockType: StockType;
  brand: string;
  model: string;
  serial: string;
  description: string;
  /** Pounds, exact decimal text. */
  price: string;
  intake: Intake;
  registerCheck: RegisterCheckInput | null;
}

export interface ParsedPurchase {
  sellerId: number;
  sellerKind: SellerKind;
  date: string;
  lines: ParsedLine[];
  payments: NewPurchasePayment[];
  notes: string;
}

function parseLine(bag: ErrorBag, line: PurchaseLineInput, i: number, today: string): ParsedLine {
  const prefix = `lines[${i}].`;
  const price = decimalField(bag, `${prefix}price`, line.price, AMOUNT_RULE, { required: true });
  const serial = line.serial.trim();
  if (serial === '') bag.add(`${prefix}serial`, BLANK);
  let registerCheck: RegisterCheckInput | null = null;
  const check = line.registerCheck ?? null;
  if (check !== null) {
    if (line.stockType !== WATCH) bag.add(`${prefix}registerCheck`, PURCHASE_CHECK_NOT_WATCH);
    const provider = check.provider.trim();
    const searchReference = check.searchReference.trim();
    if (provider === '') bag.add(`${prefix}registerCheck.provider`, BLANK);
    if (searchReference === '') bag.add(`${prefix}registerCheck.searchReference`, BLANK);
    const checkedOn = dateField(bag, `${prefix}registerCheck.checkedOn`, check.checkedOn, null, {
      notAfter: today,
    });
    if (checkedOn === null && !bag.has(`${prefix}registerCheck.checkedOn`))
      bag.add(`${prefix}registerCheck.checkedOn`, REQUIRED);
    registerCheck = { provider, searchReference, checkedOn: checkedOn ?? today, result: check.result };
  }
  const intake = line.intake ?? {};
  return {
    stockType: line.stockType,
    brand: (line.brand ?? '').trim(),
    model: (line.model ?? '').trim(),
    serial,
    description: (line.description ?? '').trim(),
    price: price ?? '0',
    intake: {
      conditionGrade: intake.conditionGrade ?? null,
      box: intake.box ?? false,
      papers: intake.papers ?? false,
      warrantyCard: intake.warrantyCard ?? false,
      serviceHistory: intake.serviceHistory ?? false,
      extraLinks: intake.extraLinks ?? false,
      notes: (intake.notes ?? '').trim(),
    },
    registerCheck,
  };
}

/**
 * Reads a new purchase (rules in contracts/src/purchases.ts). What needs the database (the seller, serials in
 * stock, the shop's thresholds) is checked by the service; the rest here, every problem of the form at once.
 * The payments are read by the sales module's payment rule (deal-input's parsePayments): all of them out.
 */
export function parsePurchase(bag: ErrorBag, body: PurchaseCreate, today: string): ParsedPurchase {
  const date = dateField(bag, 'date', body.date, today, { notAfter: today }) ?? today;
  const lines = body.lines.map((line, i) => parseLine(bag, line, i, today));
  if (lines.length === 0) bag.add('lines', PURCHASE_NO_LINE);
  const serials = new Set<string>();
  lines.forEach((l, i) => {
    if (l.serial === '') return;
    if (serials.has(l.serial)) bag.add(`lines[${i}].serial`, PURCHASE_SERIAL_TWICE);
    serials.add(l.serial);
  });
  const payments = parsePayments(
    bag,
    body.payments.map((p) => ({ ...p, direction: 'out' as const })),
    'payment',
  ).map((p) => ({ method: p.method, amount: p.amount, currency: p.currency, exchangeRate: p.exchangeRate }));
  if (payments.length === 0) bag.add('payments', PURCHASE_NO_PAYMENT);
  return {
    sellerId: body.sellerId,
    sellerKind: body.sellerKind,
    date,
    lines,
    payments,
    notes: (body.notes ?? '').trim(),
  };
}
