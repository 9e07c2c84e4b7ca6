import { Type, type TSchema } from '@sinclair/typebox';
import { ErrorDetail, FieldErrors } from '@loupe/contracts';

// The contracts carry $ids for OpenAPI; response schemas are compiled per route, so each use gets a copy.
const { $id: _detailId, ...detailSchema } = ErrorDetail;
const { $id: _fieldsId, ...fieldsSchema } = FieldErrors;
export const Detail = detailSchema as unknown as typeof ErrorDetail;
export const BadRequest = Type.Union([Detail, fieldsSchema as unknown as typeof FieldErrors]);

/** The error answers every API route may give, documented and serialised in DRF's shape. */
export function withErrors<T extends Record<number, TSchema>>(ok: T) {
  return {
    ...ok,
    400: BadRequest,
    401: Detail,
    403: Detail,
    404: Detail,
    405: Detail,
    413: Detail,
    415: Detail,
    429: Detail,
  };
}

/**
 * The options of a route for signed-in staff: a live session is required, and the schema documents the
 * route under `tags` with every error answer besides its own.
 */
export function staffRoute<S extends { summary: string; response: Record<number, TSchema> }>(
  tags: string[],
  schema: S,
) {
  return {
    config: { auth: 'required' as const },
    schema: { tags, ...schema, response: withErrors(schema.response) },
  };
}
