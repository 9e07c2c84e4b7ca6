'use strict';
// Test runs only (jest.config.js maps @fastify/fast-json-stringify-compiler here). fast-json-stringify output
// depends on nothing but the schema and its options, so each test file compiles a response schema once and
// the apps it builds after the first reuse that serializer instead of generating it again.
// The package's own file: jest.config.js maps the bare name only.
const real = require('@fastify/fast-json-stringify-compiler/index.js');

function SharedSerializerSelector() {
  const build = real.SerializerSelector();
  const compiled = new Map();
  return function buildSerializerFactory(externalSchemas, serializerOpts) {
    const compile = build(externalSchemas, serializerOpts);
    const optionsKey = JSON.stringify([externalSchemas, serializerOpts]);
    return function responseSchemaCompiler(route) {
      // Generated when it first serializes, not when the app is built (as the validators: shared-ajv-compiler.cjs).
      let serializer = null;
      return function serializeOnFirstUse(data) {
        if (serializer === null) {
          const key = `${optionsKey}\n${JSON.stringify(route.schema)}`;
          serializer = compiled.get(key) ?? null;
          if (serializer === null) {
            serializer = compile(route);
            compiled.set(key, serializer);
          }
        }
        return serializer(data);
      };
    };
  };
}
const selector = SharedSerializerSelector();
function SerializerSelector() {
  return selector;
}
module.exports = Object.assign(SerializerSelector, real, {
  default: SerializerSelector,
  SerializerSelector,
});
