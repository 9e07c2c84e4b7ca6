'use strict';
// Test runs only (jest.config.js transforms fastify/lib/plugin-utils.js with this). Fastify names every plugin
// it registers; for a plain function (each of our route and hook plugins) it looks for a module whose exports
// are that function by scanning `require.cache`. Under jest, `require.cache` is a proxy over the test file's
// module registry (well over a thousand modules), read key by key through its traps, and the scan ran for
// every plugin of every app a test builds: ~10% of a server test file's CPU time
// (test/plugins/password-change.test.ts, CPU profile). The scan itself is unchanged; its answer is remembered
// per function, as the same plugin functions are registered again by each app of a file (jest's registry keeps
// the modules, and their exports, for the whole file). The name is only a label (fastify's plugin chain and
// messages): nothing the tests assert changes.
const crypto = require('node:crypto');
const fs = require('node:fs');

const SCAN = 'function getPluginName (func) {';
const REMEMBERED = `const loupeNamesSeen = new WeakMap()
function getPluginName (func) {
  if (loupeNamesSeen.has(func)) return loupeNamesSeen.get(func)
  const name = scanPluginName(func)
  loupeNamesSeen.set(func, name)
  return name
}

function scanPluginName (func) {`;

const self = fs.readFileSync(__filename);

module.exports = {
  process(source, filename) {
    if (!source.includes(SCAN)) {
      // A fastify whose plugin-utils changed shape: fail loudly rather than run unpatched in silence.
      throw new Error(`${filename}: no "${SCAN}" to wrap; update server/test/jest/fastify-plugin-names.cjs`);
    }
    return { code: source.replace(SCAN, REMEMBERED) };
  },
  getCacheKey(source, filename) {
    return crypto.createHash('sha256').update(self).update(filename).update(source).digest('hex');
  },
};
