import { errorDetail, fieldErrors, HttpError } from '../http';

/** What a form shows after the service refused it (DRF's error shapes, ARCHITECTURE.md "HTTP and auth"). */
export interface ServerErrors {
  /** Messages to show next to each field, keyed by the API's field names (a field's messages joined). */
  fields: Record<string, string>;
  /** Messages for the rows of a list field, by row index (0-based) and the row's field. */
  lines: Record<number, Record<string, string>>;
  /** A message for the form as a whole: the detail or the non-field errors, else `fallback` when nothing else explains the failure. */
  form: string | null;
}

export interface ServerErrorsOptions {
  /**
   * The form's fields by the service's names, e.g. `{ expense_date: 'date' }`. When given, a message for any
   * other name goes above the form: beside a field the form does not have, nobody would read it.
   */
  fields?: Readonly<Record<string, string>>;
  /**
   * A list field whose rows the service reports one message each, as "Line 2: clientId: This field is
   * required." (a stock item's `transactions`): those messages go to `lines`, the others stay on the field.
   */
  linesOf?: string;
}

const LINE = /^Line (\d+): (\w+): (.*)$/;
const NON_FIELD = 'non_field_errors';

function splitLines(
  messages: unknown[],
  fields: Record<string, string>,
  field: string,
  lines: ServerErrors['lines'],
) {
  const rest: string[] = [];
  for (const message of messages.map(String)) {
    const match = LINE.exec(message);
    if (!match) {
      rest.push(message);
      continue;
    }
    const line = (lines[Number(match[1]) - 1] ??= {});
    const name = match[2] ?? '';
    line[name] = line[name] ? `${line[name]} ${match[3] ?? ''}` : (match[3] ?? '');
  }
  if (rest.length > 0) fields[field] = rest.join(' ');
  else delete fields[field];
}

function onFormFields(
  fields: Record<string, string>,
  names: Readonly<Record<string, string>>,
  general: string[],
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = names[key];
    if (field === undefined) general.push(message);
    else shown[field] = shown[field] ? `${shown[field]} ${message}` : message;
  }
  return shown;
}

/** Splits a DRF error answer into what goes next to each field, each list row, and above the form. */
export function readServerErrors(
  error: unknown,
  fallback: string,
  options: ServerErrorsOptions = {},
): ServerErrors {
  const fields = fieldErrors(error);
  const lines: ServerErrors['lines'] = {};
  if (options.linesOf && error instanceof HttpError && error.data && typeof error.data === 'object') {
    const raw = (error.data as Record<string, unknown>)[options.linesOf];
    if (Array.isArray(raw)) splitLines(raw, fields, options.linesOf, lines);
  }
  const general = fields[NON_FIELD] ? [fields[NON_FIELD]] : [];
  delete fields[NON_FIELD];
  const shown = options.fields ? onFormFields(fields, options.fields, general) : fields;
  const explained = Object.keys(shown).length > 0 || Object.keys(lines).length > 0;
  const form = errorDetail(error) ?? (general.length > 0 ? general.join(' ') : null);
  return { fields: shown, lines, form: form ?? (explained ? null : fallback) };
}

/** One line for an alert: the detail, else every field message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const detail = errorDetail(error);
  if (detail) return detail;
  const fields = Object.values(fieldErrors(error));
  return fields.length > 0 ? fields.join(' ') : fallback;
}

/** The service answers 404 for an unknown id and for another shop's record alike. */
export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.status === 404;
