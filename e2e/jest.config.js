// The browser suite: Debian's Chromium driven by playwright-core against the composed production build
// (`npm start`), started once in the global setup. Tests run one at a time (`--runInBand`): they share that
// app and a 2-core machine.
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  // Types stripped by swc, one file at a time: the CI's `typecheck e2e` step (tsc -p e2e) checks these files once,
  // where ts-jest's language service checked them again here, on the browser suite's single process (loading the
  // 31 files: ~24 s of CPU checked, ~13 s transpiled by ts-jest).
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  // every-route.test.ts runs first, whatever order jest would choose (support/sequencer.cjs says why).
  testSequencer: '<rootDir>/support/sequencer.cjs',
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 60_000,
  // A hung browser or app must not stall the CI run.
  openHandlesTimeout: 5_000,
  slowTestThreshold: 15,
};
