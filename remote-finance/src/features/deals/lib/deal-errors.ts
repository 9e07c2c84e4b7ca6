import { HttpError, readServerErrors } from '@loupe/platform';
import { paymentField } from '../../../lib/payment-values';
import { lineField, type DealValues } from './deal-values';

/** The service's names of the deal's own fields (DealCreate) → the screen's. */
const DEAL_FIELD_OF: Readonly<Record<string, keyof DealValues>> = {
  clientId: 'client',
  client: 'client',
  buyerName: 'buyerName',
  currency: 'currency',
  exchangeRate: 'exchangeRate',
  date: 'date',
  lines: 'lines',
  payments: 'payments',
  notes: 'notes',
  reserve: 'collectBy',
  'reserve.collectBy': 'collectBy',
  collectBy: 'collectBy',
};

/** `lines[2].price`, `lines[0].partExchange.serial`, `payments[1].amount` (contracts/src/deals.ts). */
const ROW = /^(lines|payments)\[(\d+)\]\.?(.*)$/;

/** A row's field as the screen names it: a part-exchange's own fields sit on its line. */
const rowField = (rest: string) =>
  rest.startsWith('partExchange.')
    ? rest.slice('partExchange.'.length)
    : // The item itself (sold meanwhile, on the deal twice) is said at its line's price, its one field.
      rest === 'itemId'
      ? 'price'
      : rest;

export interface DealServerErrors {
  /** Messages by the form's names: the deal's own fields, a row's by rowFieldName (`lines:line3:price`). */
  fields: Record<string, string>;
  /** The message above the deal: the service's detail, or what no field on screen can show. */
  form: string | null;
}

/**
 * A refusal of the service, split between the fields, the lines and payments (by the key each row has on screen,
 * since the service names them by position in the body that was sent) and the message above the deal.
 */
export function readDealErrors(
  error: unknown,
  values: Pick<DealValues, 'lines' | 'payments'>,
  fallback: string,
): DealServerErrors {
  const server = readServerErrors(error, fallback);
  const fields: Record<string, string> = {};
  const add = (name: string, message: string) => {
    fields[name] = fields[name] ? `${fields[name]} ${message}` : message;
  };
  const general: string[] = [];
  for (const [name, message] of Object.entries(server.fields)) {
    const row = ROW.exec(name);
    if (row) {
      const isLine = row[1] === 'lines';
      const target = (isLine ? values.lines : values.payments)[Number(row[2])];
      if (target) {
        // A row as a whole ("lines[1]": "This item is on the deal twice."): on the row's first field.
        const field = rowField(row[3] ?? '') || (isLine ? 'price' : 'amount');
        add((isLine ? lineField : paymentField)(target.key, field), message);
        continue;
      }
    }
    const field = DEAL_FIELD_OF[name];
    if (field) add(field, message);
    else general.push(message);
  }
  const explained = Object.keys(fields).length > 0;
  const form =
    [server.form && server.form !== fallback ? server.form : null, ...general].filter(Boolean).join(' ') ||
    (explained ? null : fallback);
  return { fields, form };
}

/** A 409: an item sold, reserved or taken by a deal that won the race, or the AML guard's refusal. */
export const isConflict = (error: unknown): boolean => error instanceof HttpError && error.status === 409;
