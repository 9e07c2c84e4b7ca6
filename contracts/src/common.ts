import {
  Type,
  type SchemaOptions,
  type Static,
  type StringOptions,
  type TLiteral,
  type TSchema,
  type TString,
  type TUnion,
} from '@sinclair/typebox';
import { CURRENCIES, DEFAULT_PAGE_SIZE, PAGE_SIZES, PAYMENT_METHODS } from './constants';

/** DRF's error shape for anything that is not tied to one field: `{"detail": "..."}`. */
export const ErrorDetail = Type.Object({ detail: Type.String() }, { $id: 'ErrorDetail' });
export type ErrorDetail = Static<typeof ErrorDetail>;

/** DRF's field-keyed error shape: `{"email": ["Enter a valid email address."]}`. */
export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), { $id: 'FieldErrors' });
export type FieldErrors = Static<typeof FieldErrors>;

/** One list contract for every resource: `{"results": [...], "count": N}`. */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({ results: Type.Array(item), count: Type.Integer({ minimum: 0 }) });
/**
 * `Static<typeof ListOf(X)>` for a row type that has no schema of its own (a page's narrower view of a row).
 * The contracts test proves it is the same shape as ListOf's.
 */
export interface List<T> {
  results: T[];
  count: number;
}

export const Id = Type.Integer({ minimum: 1 });

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/**
 * One of a fixed list of strings (a constants.ts tuple), so the list is written once and `Static` gives the
 * literal union. It stays an `anyOf` of consts: the server words a miss as DRF's `"x" is not a valid choice.`
 * At least two values: TypeBox turns a union of one into that one schema.
 */
export function Choice<const T extends readonly [string, string, ...string[]]>(
  values: T,
  options?: SchemaOptions,
): TUnion<Literals<T>> {
  // The declared return type keeps T's literals: inferred, TypeBox's Union<> widens them to string.
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as TUnion<Literals<T>>;
}

export const CurrencySchema = Choice(CURRENCIES);
export const PaymentMethodSchema = Choice(PAYMENT_METHODS);

// ---------------------------------------------------------------- text

/**
 * The one rule for text a client sends: no C0 control character and no DEL. PostgreSQL's text cannot hold
 * U+0000 at all, and the others have no business in a serial, a name or a search, where they hide in logs,
 * CSV exports and screens. A multi-line field keeps tab, newline and carriage return. A single-line field
 * still lets them stand at its ends, which the server trims as DRF does: a barcode scanner or a paste from a
 * spreadsheet ends a serial with a Tab or a newline, and refusing that would fail a dealer's scan.
 * Written with \u escapes so that the same source is valid for Ajv (`u` flag) and for JavaScript.
 */
export const TEXT_PATTERN = '^[\\t\\n\\r]*[^\\u0000-\\u001f\\u007f]*[\\t\\n\\r]*$';
export const MULTILINE_TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';

export interface TextOptions extends Omit<StringOptions, 'pattern'> {
  /** Tab, newline and carriage return allowed (notes, descriptions). */
  multiline?: boolean;
}

/**
 * A text field of a request body or query string. The server words a miss as DRF does: a NUL reads
 * `Null characters are not allowed.`, any other control character `Control characters are not allowed.`
 */
export function Text({ multiline = false, ...options }: TextOptions = {}): TString {
  return Type.String({ ...options, pattern: multiline ? MULTILINE_TEXT_PATTERN : TEXT_PATTERN });
}

/** `T | null` (DRF's `allow_null`). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A decimal in a request: a JSON number or a numeric string ("1234.50"). The server checks digits and range
 * per field and answers DRF field errors, so the schema only bounds the length.
 */
export const DecimalInput = Type.Union([Type.Number(), Text({ maxLength: 40 })]);

/** A calendar day, YYYY-MM-DD (the server checks that it exists). */
export const DateString = Text({ maxLength: 10 });

// ---------------------------------------------------------------- query strings
//
// A query string is text: the server trims each value, drops empty ones (an empty filter is no filter, as
// django-filter reads a blank field), reads booleans as true/false/1/0 in any case, then coerces the rest to
// these types. The browser sends them as URL text, so its fetchers see the types and send the strings.

/** page (1-based; a value that is not a page → 404 `{"detail": "Invalid page."}`) and page_size. */
export const PagingQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
  page_size: Type.Optional(
    Type.Union(
      PAGE_SIZES.map((size) => Type.Literal(size)),
      { default: DEFAULT_PAGE_SIZE },
    ) as TUnion<TLiteral<(typeof PAGE_SIZES)[number]>[]>,
  ),
};

/**
 * A comma list of choices, e.g. "available,checked_out" (spaces around entries allowed). A miss names the
 * entries that are not choices, which the server finds by trying each entry alone against this pattern.
 */
export function ChoiceList(values: readonly string[], options?: SchemaOptions) {
  const one = `\\s*(?:${values.join('|')})\\s*`;
  return Type.String({ pattern: `^${one}(?:,${one})*$`, maxLength: 100, ...options });
}

/** The answer of a 204: no body. */
export const NoContent = Type.Null();

/** A file answered as bytes (an image, a KYC paper, a CSV): not JSON, so nothing to describe. */
export const FileDownload = Type.Unknown();
