// One jest setup for every browser package (platform, shell, remotes): jsdom, swc, and the workspace
// packages mapped to their TypeScript sources so tests never depend on a build.
const path = require('node:path');
const { createHostShared } = require('./federation.cjs');
const { swcOptions } = require('./swc.cjs');

const repo = path.resolve(__dirname, '..', '..');

/** @returns {import('jest').Config} */
function createJestConfig(rootDir, overrides = {}) {
  return {
    rootDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      // As the builds compile them (swc.cjs), here to CommonJS by @swc/jest.
      '^.+\\.ts$': ['@swc/jest', swcOptions({ tsx: false })],
      '^.+\\.tsx$': ['@swc/jest', swcOptions({ tsx: true })],
    },
    moduleNameMapper: {
      '^@loupe/platform$': path.join(repo, 'platform/src/index.ts'),
      '^@loupe/platform/testing$': path.join(repo, 'platform/src/testing.tsx'),
      '^@loupe/contracts$': path.join(repo, 'contracts/src/index.ts'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
    // What the shell's build defines for the federation runtime it creates (webpack.cjs): tests of the code
    // that reads it see the same definition.
    globals: { LOUPE_SHARED_LIBRARIES: createHostShared(rootDir) },
    ...overrides,
  };
}

module.exports = { createJestConfig };
