import { HttpError, readServerErrors } from '@loupe/platform';
import { noErrors, type DealErrors, type DealField, type DealValues } from './deal-values';

/** The service's names of the deal's own fields (DealCreate) → the screen's. */
const DEAL_FIELD_OF: Readonly<Record<string, DealField>> = {
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
  rest.startsWith('partExchange.') ? rest.slice('partExchange.'.length) : rest;

export interface DealServerErrors {
  errors: DealErrors;
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
  const errors = noErrors();
  const general: string[] = [];
  for (const [name, message] of Object.entries(server.fields)) {
    const row = ROW.exec(name);
    if (row) {
      const list = row[1] === 'lines' ? values.lines : values.payments;
      const target = list[Number(row[2])];
      const field = rowField(row[3] ?? '');
      if (target && field) {
        const rows = row[1] === 'lines' ? errors.lines : errors.payments;
        const own = (rows[target.key] ??= {});
        own[field] = own[field] ? `${own[field]} ${message}` : message;
        continue;
      }
      // A row as a whole ("lines[1]": "This item is on the deal twice."): on the row's first field.
      if (target) {
        const rows = row[1] === 'lines' ? errors.lines : errors.payments;
        const own = (rows[target.key] ??= {});
        const first = row[1] === 'lines' ? 'price' : 'amount';
        own[first] = own[first] ? `${own[first]} ${message}` : message;
        continue;
      }
    }
    const field = DEAL_FIELD_OF[name];
    if (field) errors.fields[field] = errors.fields[field] ? `${errors.fields[field]} ${message}` : message;
    else general.push(message);
  }
  const explained =
    Object.keys(errors.fields).length > 0 ||
    Object.keys(errors.lines).length > 0 ||
    Object.keys(errors.payments).length > 0;
  const form =
    [server.form && server.form !== fallback ? server.form : null, ...general].filter(Boolean).join(' ') ||
    (explained ? null : fallback);
  return { errors, form };
}

/** A 409: an item sold, reserved or taken by a deal that won the race, or the AML guard's refusal. */
export const isConflict = (error: unknown): boolean => error instanceof HttpError && error.status === 409;
