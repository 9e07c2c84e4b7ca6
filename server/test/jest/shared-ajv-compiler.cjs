'use strict';
// Test runs only (jest.config.js maps @fastify/ajv-compiler here). Every app a test file builds compiles the
// same route schemas again, and that was most of buildApp's ~0.8 s: here the file's apps share one Ajv per
// set of options (as the routes of one app already do), and Ajv's own cache hands back what it compiled for
// the same schema object. The validators are the ones Ajv would build afresh; jest's module registry keeps
// the pool to one test file.
// The package's own file: jest.config.js maps the bare name only.
const real = require('@fastify/ajv-compiler/index.js');

let shared;
function SharedAjvCompiler(opts) {
  if (opts !== undefined) return real(opts);
  shared ??= real();
  return shared;
}
module.exports = Object.assign(SharedAjvCompiler, real, {
  default: SharedAjvCompiler,
  AjvCompiler: SharedAjvCompiler,
});
