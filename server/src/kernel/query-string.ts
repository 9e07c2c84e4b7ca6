import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

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

// Query strings are text, so their validator coerces it to the schema's integers and booleans; bodies are
// JSON and keep the strict one.
const QUERY_AJV = {
  customOptions: { removeAdditional: false, coerceTypes: true, allErrors: true, useDefaults: false },
} as const;
const STRICT_AJV = {
  customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true, useDefaults: false },
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
