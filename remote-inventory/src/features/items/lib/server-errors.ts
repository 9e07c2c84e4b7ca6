import { errorDetail, fieldErrors, HttpError } from '@loupe/platform';

export interface ServerErrors {
  /** Field errors keyed by the API's field names (joined messages). */
  fields: Record<string, string>;
  /** Errors of transaction lines, by line index (0-based) and field. */
  lines: Record<number, Record<string, string>>;
  /** A message for the form as a whole: the detail, or a generic text when nothing else explains it. */
  form: string | null;
}

const LINE = /^Line (\d+): (\w+): (.*)$/;

/**
 * Splits a DRF error answer into what goes next to each field. The service reports transaction lines as
 * `{"transactions": ["Line 2: clientId: This field is required."]}`.
 */
export function readServerErrors(error: unknown, fallback: string): ServerErrors {
  const fields = fieldErrors(error);
  const lines: ServerErrors['lines'] = {};
  const rest: string[] = [];
  if (error instanceof HttpError && error.data && typeof error.data === 'object') {
    const raw = (error.data as Record<string, unknown>).transactions;
    if (Array.isArray(raw)) {
      delete fields.transactions;
      for (const message of raw.map(String)) {
        const match = LINE.exec(message);
        if (match) {
          const index = Number(match[1]) - 1;
          const field = match[2] ?? '';
          const line = (lines[index] ??= {});
          line[field] = line[field] ? `${line[field]} ${match[3]}` : (match[3] ?? '');
        } else rest.push(message);
      }
      if (rest.length > 0) fields.transactions = rest.join(' ');
    }
  }
  const detail = errorDetail(error);
  const nothingElse = Object.keys(fields).length === 0 && Object.keys(lines).length === 0;
  return { fields, lines, form: detail ?? (nothingElse ? fallback : null) };
}

/** One line for an alert: the detail, else every field message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const detail = errorDetail(error);
  if (detail) return detail;
  const fields = Object.values(fieldErrors(error));
  return fields.length > 0 ? fields.join(' ') : fallback;
}
