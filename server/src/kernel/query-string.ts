import AjvCompiler, { type Ajv } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { TEXT_KEYWORD, textProblem, type TextKind } from '@loupe/contracts';

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

const BOOLEAN_TEXT: Record<string, string> = { true: 'true', false: 'false', '1': 'true', '0': 'false' };

/**
 * A query string as django-filter reads it: each value trimmed, an empty one no parameter at all (a blank
 * filter field filters nothing), a boolean in any case or as 1/0. What is left is coerced by the schema.
 */
export function normaliseQuery(query: unknown, schema: ObjectSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (query === null || typeof query !== 'object') return out;
  for (const [key, raw] of Object.entries(query)) {
    if (typeof raw !== 'string') {
      // A repeated parameter stays a list, which the schema refuses.
      out[key] = raw;
      continue;
    }
    const value = raw.trim();
    if (value === '') continue;
    out[key] =
      schema.properties?.[key]?.type === 'boolean' ? (BOOLEAN_TEXT[value.toLowerCase()] ?? value) : value;
  }
  return out;
}

/** A miss of the contracts' Text rule, as Ajv reports it: `params.problem` says which (TextProblem). */
interface TextRuleCheck {
  (kind: TextKind, value: string): boolean;
  errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }>;
}

/**
 * The contracts' Text rule as a schema keyword: every text field of a body or query string is checked by the
 * one function (textProblem) that defines it, whatever its kind.
 */
export function addTextRule(ajv: Ajv): void {
  const check: TextRuleCheck = (kind, value) => {
    const problem = textProblem(value, kind);
    if (problem === null) return true;
    check.errors = [{ keyword: TEXT_KEYWORD, message: `has ${problem} characters`, params: { problem } }];
    return false;
  };
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: check,
  });
}

// Query strings are text, so their validator coerces it to the schema's integers and booleans; bodies are
// JSON and keep the strict one.
const QUERY_AJV = {
  customOptions: { removeAdditional: false, coerceTypes: true, allErrors: true, useDefaults: false },
  onCreate: addTextRule,
} as const;
const STRICT_AJV = {
  customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true, useDefaults: false },
  onCreate: addTextRule,
} as const;

/**
 * This service's validator compiler: unknown fields are an error (not silently dropped), a body is never
 * coerced, a query string is read as normaliseQuery says and then coerced.
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = AjvCompiler()({}, STRICT_AJV);
  const query = AjvCompiler()({}, QUERY_AJV);
  return (route) => {
    if (route.httpPart !== 'querystring') return strict(route);
    const validate = query(route);
    const schema = route.schema as ObjectSchema;
    const readQuery = (data: unknown) => {
      const value = normaliseQuery(data, schema);
      if (validate(value)) return { value };
      readQuery.errors = validate.errors as FastifySchemaValidationError[] | null | undefined;
      return false;
    };
    readQuery.errors = null as FastifySchemaValidationError[] | null | undefined;
    return readQuery;
  };
}
