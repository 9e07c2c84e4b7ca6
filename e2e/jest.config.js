// The browser suite: Debian's Chromium driven by playwright-core against the composed production build
// (`npm start`), started once in the global setup. Tests run one at a time (`--runInBand`): they share that
// app and a 2-core machine.
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 60_000,
  // A hung browser or app must not stall the CI run.
  openHandlesTimeout: 5_000,
  slowTestThreshold: 15,
};
