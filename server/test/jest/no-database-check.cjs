'use strict';
/* global expect, afterAll */
// After each test file (jest.config.js, setupFilesAfterEnv): a file on the no-database list
// (test/jest/no-database-files.cjs), which the PostgreSQL run leaves out, fails if it opened an embedded database.
const path = require('node:path');
const { NO_DATABASE_FILES, OPENED_EMBEDDED_DATABASE } = require('./no-database-files.cjs');

const file = path
  .relative(path.resolve(__dirname, '../..'), expect.getState().testPath)
  .split(path.sep)
  .join('/');
if (NO_DATABASE_FILES.includes(file)) {
  afterAll(() => {
    if (globalThis[OPENED_EMBEDDED_DATABASE] === true) {
      throw new Error(
        `${file} opened a database, so the PostgreSQL run must run it too: take it off test/jest/no-database-files.cjs`,
      );
    }
  });
}
