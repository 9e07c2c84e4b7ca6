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
import type { TextKind } from './text-rules';

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

// The rule itself lives in text-rules.ts (plain functions the browser may import too).
export { textProblem, withoutRefusedCharacters, type TextKind, type TextProblem } from './text-rules';

/**
 * The schema keyword that carries a text field's kind: the server's validator checks it with textProblem,
 * and the OpenAPI description shows it (an `x-` name is an allowed extension there).
 */
export const TEXT_KEYWORD = 'x-text';

export interface TextOptions extends Omit<StringOptions, 'pattern'> {
  /** Tab, newline and carriage return allowed (notes, descriptions). */
  multiline?: boolean;
  /** A password: only the C0 controls and DEL are refused (see textProblem). */
  secret?: boolean;
}

/**
 * A text field of a request body or query string, checked by textProblem. The server words a miss as DRF
 * does: a NUL reads `Null characters are not allowed.`, any other control character `Control characters are
 * not allowed.`, an invisible one `Invisible characters are not allowed.`
 */
export function Text({ multiline = false, secret = false, ...options }: TextOptions = {}): TString {
  const kind: TextKind = secret ? 'secret' : multiline ? 'multiline' : 'line';
  return Type.String({ ...options, [TEXT_KEYWORD]: kind });
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
