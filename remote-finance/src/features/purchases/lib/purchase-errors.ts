import type { PurchaseMissing } from '@loupe/contracts';
import { HttpError, readServerErrors } from '@loupe/platform';
import { paymentField } from '../../../lib/payment-values';
import { lineField, type PurchaseValues } from './purchase-values';

/** The service's names of the purchase's own fields (PurchaseCreate) → the screen's. */
const FIELD_OF: Readonly<Record<string, keyof PurchaseValues>> = {
  sellerId: 'seller',
  seller: 'seller',
  sellerKind: 'sellerKind',
  date: 'date',
  lines: 'lines',
  payments: 'payments',
  notes: 'notes',
};

/** A line's nested fields as the screen names them (`lines[0].registerCheck.searchReference`). */
const LINE_FIELD_OF: Readonly<Record<string, string>> = {
  'registerCheck.provider': 'checkProvider',
  'registerCheck.searchReference': 'checkReference',
  'registerCheck.checkedOn': 'checkCheckedOn',
  'registerCheck.result': 'checkResult',
  registerCheck: 'check',
  'intake.conditionGrade': 'conditionGrade',
  'intake.notes': 'intakeNotes',
  intake: 'intakeNotes',
};

const ROW = /^(lines|payments)\[(\d+)\]\.?(.*)$/;

export interface PurchaseServerErrors {
  /** Messages by the form's names: the purchase's own fields, a row's by rowFieldName (`lines:buy3:price`). */
  fields: Record<string, string>;
  /** The message above Confirm: the service's detail, or what no field on screen can show. */
  form: string | null;
}

const add = (fields: Record<string, string>, name: string, message: string) => {
  fields[name] = fields[name] ? `${fields[name]} ${message}` : message;
};

/** A 409 of due diligence: `{detail, missing: [{rule, line, detail}]}` (purchases.ts). */
function missingOf(error: unknown): PurchaseMissing[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const data = error.data as { missing?: unknown } | null;
  if (!data || typeof data !== 'object' || !Array.isArray(data.missing)) return null;
  const rows = data.missing as Partial<PurchaseMissing>[];
  return rows.every((row) => typeof row?.rule === 'string' && typeof row.detail === 'string')
    ? (rows as PurchaseMissing[])
    : null;
}

/**
 * A refusal of the service, put next to what it is about: a 400's fields, the lines and payments (by the key each
 * row has on screen, since the service names them by position in the body that was sent); a 409's missing due
 * diligence — the seller's identity at the seller, a register check at its line (`line` is 1-based).
 */
export function readPurchaseErrors(
  error: unknown,
  values: Pick<PurchaseValues, 'lines' | 'payments'>,
  fallback: string,
): PurchaseServerErrors {
  const fields: Record<string, string> = {};
  const missing = missingOf(error);
  if (missing) {
    const general: string[] = [];
    for (const row of missing) {
      const line = row.line !== null ? values.lines[row.line - 1] : undefined;
      if (row.rule === 'seller_identity') fields.seller = row.detail;
      else if (line) add(fields, lineField(line.key, 'check'), row.detail);
      else general.push(row.detail);
    }
    const detail = error instanceof HttpError ? (error.data as { detail?: unknown } | null)?.detail : null;
    const form = [typeof detail === 'string' ? detail : null, ...general].filter(Boolean).join(' ');
    return { fields, form: form || null };
  }

  const server = readServerErrors(error, fallback);
  const general: string[] = [];
  for (const [name, message] of Object.entries(server.fields)) {
    const row = ROW.exec(name);
    if (row) {
      const isLine = row[1] === 'lines';
      const target = (isLine ? values.lines : values.payments)[Number(row[2])];
      if (target) {
        const rest = row[3] ?? '';
        const field = (isLine ? LINE_FIELD_OF[rest] : undefined) ?? (rest || (isLine ? 'price' : 'amount'));
        add(fields, (isLine ? lineField : paymentField)(target.key, field), message);
        continue;
      }
    }
    const field = FIELD_OF[name];
    if (field) add(fields, field, message);
    else general.push(message);
  }
  const explained = Object.keys(fields).length > 0;
  const form =
    [server.form && server.form !== fallback ? server.form : null, ...general].filter(Boolean).join(' ') ||
    (explained ? null : fallback);
  return { fields, form };
}
