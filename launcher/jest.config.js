// Node, not jsdom: the launcher is a server-side script. Tests are TypeScript, typed by src/lib.d.cts.
// The servers load @loupe/server: its sources, with the server's own mappings (contracts' sources, a
// CommonJS copy of cookie), so the tests need no build of the API.
const server = require('../server/jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  moduleNameMapper: {
    ...server.moduleNameMapper,
    '^@loupe/server$': '<rootDir>/../server/src/app.ts',
  },
  transform: {
    // Types stripped by swc, as for the server's own tests (its jest.config.js); `typecheck` checks them.
    '^.+\\.ts$': server.transform['^.+\\.ts$'],
  },
};
