import type { FieldErrors } from '@loupe/contracts';

/** An answer in DRF's shape, thrown from anywhere in a request and sent as is by the error handler. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { detail: string } | FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.name = 'ApiError';
  }
}

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const PERMISSION_DENIED = 'You do not have permission to perform this action.';
export const NOT_FOUND = 'Not found.';
export const REQUIRED = 'This field is required.';
export const BLANK = 'This field may not be blank.';
/** The 400 of a figure beyond its column (PostgreSQL's numeric_value_out_of_range, db-errors.ts). */
export const TOO_LARGE = { non_field_errors: ['A value is too large.'] };

export const notAuthenticated = () => new ApiError(401, { detail: NOT_AUTHENTICATED });
export const permissionDenied = (detail = PERMISSION_DENIED) => new ApiError(403, { detail });
export const fieldErrors = (fields: FieldErrors) => new ApiError(400, fields);
export const notFound = () => new ApiError(404, { detail: NOT_FOUND });
/** The request is valid but the record's state forbids it (selling a sold item, returning an available one). */
export const conflict = (detail: string) => new ApiError(409, { detail });

/**
 * A 409 whose body says more than a detail (an AML refusal's rule, what is missing and the figures): the error
 * handler sends it exactly as built, not through the route's 409 schema, which knows only `detail`.
 */
export class ConflictWithFields extends ApiError {
  constructor(body: { detail: string } & Record<string, unknown>) {
    super(409, body);
    this.name = 'ConflictWithFields';
  }
}
