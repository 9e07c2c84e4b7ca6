const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const { NO_DATABASE_FILES, EMBEDDED_ONLY_FILES } = require('./test/jest/no-database-files.cjs');

// cookie@2 (used by @fastify/cookie and light-my-request) ships ESM only. Node 20.19+ loads it through
// require(esm), Jest's module registry cannot, so tests get a CommonJS copy compiled here once.
function cookieAsCommonJs() {
  const source = require.resolve('cookie', { paths: [require.resolve('@fastify/cookie')] });
  const out = path.join(__dirname, 'node_modules', '.cache', 'loupe-jest', 'cookie.cjs');
  if (!fs.existsSync(out) || fs.statSync(out).mtimeMs < fs.statSync(source).mtimeMs) {
    const { outputText } = ts.transpileModule(fs.readFileSync(source, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    // Written aside then renamed: two jest runs started together (the CI runs the server suite on both
    // databases side by side) never read a half-written copy.
    const partial = `${out}.${process.pid}`;
    fs.writeFileSync(partial, outputText);
    fs.renameSync(partial, out);
  }
  return out;
}

// PGlite's own file for test/jest/pglite.cjs, which the bare name maps to: found here by Node, since jest's resolver
// (and its createRequire) would map the name back to that file. Read by the workers, started with this environment.
process.env.LOUPE_TEST_PGLITE_MAIN = require.resolve('@electric-sql/pglite');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    // Types stripped by swc, one file at a time (`npm run typecheck`, tsconfig.test.json, checks them): on a
    // fresh clone, with jest's cache empty, ts-jest's transpiling cost ~7 s of CPU more for 12 API files
    // (docs/perf/ci-time.md).
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
    // Fastify's plugin naming, remembered per function instead of scanning jest's module registry for each
    // plugin of each app (test/jest/fastify-plugin-names.cjs).
    '/node_modules/fastify/lib/plugin-utils\\.js$': path.join(
      __dirname,
      'test/jest/fastify-plugin-names.cjs',
    ),
  },
  transformIgnorePatterns: ['/node_modules/(?!fastify/lib/plugin-utils\\.js$)'],
  moduleNameMapper: {
    '^@loupe/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^cookie$': cookieAsCommonJs(),
    // Each file's apps share their compiled route schemas instead of compiling them again for every app.
    '^@fastify/ajv-compiler$': path.join(__dirname, 'test/jest/shared-ajv-compiler.cjs'),
    '^@fastify/fast-json-stringify-compiler$': path.join(
      __dirname,
      'test/jest/shared-serializer-compiler.cjs',
    ),
    // A sign-in's argon2 derivation already made in the file is served again (test/jest/shared-argon2.cjs).
    '^argon2$': path.join(__dirname, 'test/jest/shared-argon2.cjs'),
    // An empty folder starts from the run's initialised one, not initdb again; opening is recorded for the
    // no-database files' check (test/jest/pglite.cjs).
    '^@electric-sql/pglite$': path.join(__dirname, 'test/jest/pglite.cjs'),
  },
  // V8's compilation cache kept every finished test file's sandbox alive (test/jest/no-compilation-cache.cjs).
  setupFiles: [path.join(__dirname, 'test/jest/no-compilation-cache.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'test/jest/no-database-check.cjs')],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // The embedded database migrated once per run, copied by each file's testbed (test/jest/global-setup.ts).
  globalSetup: '<rootDir>/test/jest/global-setup.ts',
  globalTeardown: '<rootDir>/test/jest/global-teardown.ts',
  // test/instances runs several API processes on one database, which only PostgreSQL allows (an embedded
  // database belongs to one process), and test/postgres tests what the suite does with PostgreSQL itself (the
  // teardown's DROP DATABASE): they are part of the PostgreSQL run, and throw if started without one.
  // The files that open no database, and those that test PGlite itself, run in the embedded run only
  // (test/jest/no-database-files.cjs).
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.TEST_DATABASE_URL
      ? [...NO_DATABASE_FILES, ...EMBEDDED_ONLY_FILES].map(
          (file) => `<rootDir>/${file.replaceAll('.', '\\.')}$`,
        )
      : ['<rootDir>/test/instances/', '<rootDir>/test/postgres/']),
  ],
  // Each test file opens one embedded database (seconds and ~1 GB at its peak): two at a time at most.
  maxWorkers: 2,
  // A worker's heap kept ~20 MB of each file it ran (152 → 1,059 MB over 40 API files in one worker), and the
  // collector's work grew with it: a worker past 700 MB after a file is replaced by a fresh one. Those 40 files in
  // one worker: 131.5 s of CPU (user) before, 110.4 s with it (docs/perf/ci-time.md). The leak's cause is now off
  // (test/jest/no-compilation-cache.cjs); the limit stays as the guard should another file keep its sandbox.
  workerIdleMemoryLimit: '700MB',
  testTimeout: 60000,
};
