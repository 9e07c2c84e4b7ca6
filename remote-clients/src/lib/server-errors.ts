import { errorDetail, fieldErrors, HttpError } from '@loupe/platform';

export interface ServerErrors {
  /** Field errors keyed by the API's field names (messages joined). */
  fields: Record<string, string>;
  /** A message for the form as a whole: the detail, or `fallback` when no field explains the failure. */
  form: string | null;
}

/** Splits a DRF error answer into what goes next to each field and what goes above the form. */
export function readServerErrors(error: unknown, fallback: string): ServerErrors {
  const fields = fieldErrors(error);
  const detail = errorDetail(error);
  return { fields, form: detail ?? (Object.keys(fields).length === 0 ? fallback : null) };
}

/** One line for an alert: the detail, else every field message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const detail = errorDetail(error);
  if (detail) return detail;
  const fields = Object.values(fieldErrors(error));
  return fields.length > 0 ? fields.join(' ') : fallback;
}

/** The service answers 404 for an unknown id and for another shop's client alike. */
export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.status === 404;
