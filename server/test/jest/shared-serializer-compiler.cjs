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
      const key = `${optionsKey}\n${JSON.stringify(route.schema)}`;
      let serializer = compiled.get(key);
      if (!serializer) {
        serializer = compile(route);
        compiled.set(key, serializer);
      }
      return serializer;
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
