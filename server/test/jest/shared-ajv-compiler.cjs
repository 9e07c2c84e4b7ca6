'use strict';
// Test runs only (jest.config.js maps @fastify/ajv-compiler here). Every app a test file builds compiles the
// same route schemas again, and that was most of buildApp's ~0.8 s: here the file's apps share one Ajv per
// set of options (as the routes of one app already do), and each of those Ajvs compiles a schema once per
// file. Ajv's own cache is keyed by the schema object, and most route modules build their schema objects
// afresh for each app, so this one is keyed by the schema's JSON: the same text compiled by the same Ajv (same
// options, same shared schemas, same keywords) is the same validator, which Ajv would build afresh. A schema
// with anything JSON cannot say (a function, a RegExp) is compiled as usual. Jest's module registry keeps the
// pool to one test file.
// The package's own file: jest.config.js maps the bare name only.
const real = require('@fastify/ajv-compiler/index.js');

/** The schema as JSON, or null when JSON would lose part of it (then it is not shared by text). */
function schemaKey(schema) {
  try {
    return JSON.stringify(schema, (_key, value) => {
      if (typeof value === 'function' || typeof value === 'symbol' || value instanceof RegExp) {
        throw new Error('not JSON');
      }
      return value;
    });
  } catch {
    return null;
  }
}

/**
 * A validator compiled when it first validates, not when the app is built: a test file calls a handful of the
 * app's ~300 routes, and compiling every route's schemas at its first app was ~1.5 s of CPU per file, on each
 * database. The compiled validator answers as Ajv's own: its result, and its `errors` copied onto this function,
 * where Fastify (and the query-string reader) read them. The server's processes (the browser suite's, the process
 * tests') still compile every schema at start, so a schema Ajv refuses still fails a run.
 */
function compiledOnFirstUse(compileNow) {
  let validate = null;
  const lazy = function validateOnFirstUse(data) {
    validate ??= compileNow();
    const result = validate(data);
    lazy.errors = validate.errors;
    return result;
  };
  lazy.errors = null;
  return lazy;
}

/** One pooled compiler (one Ajv) with its validators remembered by the schema's text. */
function byText(compile) {
  const compiled = new Map();
  const shared = function sharedValidatorCompiler(route) {
    return compiledOnFirstUse(() => {
      const key = schemaKey(route.schema);
      if (key === null) return compile(route);
      let validate = compiled.get(key);
      if (!validate) {
        validate = compile(route);
        compiled.set(key, validate);
      }
      return validate;
    });
  };
  // What the pool hangs on its compilers (the Ajv instance, for standalone code) stays reachable.
  for (const symbol of Object.getOwnPropertySymbols(compile)) shared[symbol] = compile[symbol];
  return shared;
}

function withSharedValidators(buildFromPool) {
  const wrapped = new Map();
  return function buildCompilerFromPool(externalSchemas, options) {
    const compile = buildFromPool(externalSchemas, options);
    let shared = wrapped.get(compile);
    if (!shared) {
      shared = byText(compile);
      wrapped.set(compile, shared);
    }
    return shared;
  };
}

let shared;
function SharedAjvCompiler(opts) {
  if (opts !== undefined) return real(opts);
  shared ??= withSharedValidators(real());
  return shared;
}
module.exports = Object.assign(SharedAjvCompiler, real, {
  default: SharedAjvCompiler,
  AjvCompiler: SharedAjvCompiler,
});
