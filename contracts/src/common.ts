import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** DRF's error shape for anything that is not tied to one field: `{"detail": "..."}`. */
export const ErrorDetail = Type.Object({ detail: Type.String() }, { $id: 'ErrorDetail' });
export type ErrorDetail = Static<typeof ErrorDetail>;

/** DRF's field-keyed error shape: `{"email": ["Enter a valid email address."]}`. */
export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), { $id: 'FieldErrors' });
export type FieldErrors = Static<typeof FieldErrors>;

/** One list contract for every resource: `{"results": [...], "count": N}`. */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({ results: Type.Array(item), count: Type.Integer({ minimum: 0 }) });
export interface List<T> {
  results: T[];
  count: number;
}

export const Id = Type.Integer({ minimum: 1 });
