'use strict';
/* global expect, afterAll */
// After each test file (jest.config.js, setupFilesAfterEnv): the files the PostgreSQL run leaves out
// (test/jest/no-database-files.cjs) keep to why: a no-database file fails if it opened an embedded database, and
// an embedded-only file if it opened the run's database.
const path = require('node:path');
const {
  NO_DATABASE_FILES,
  EMBEDDED_ONLY_FILES,
  OPENED_EMBEDDED_DATABASE,
  OPENED_RUN_DATABASE,
} = require('./no-database-files.cjs');

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
if (EMBEDDED_ONLY_FILES.includes(file)) {
  afterAll(() => {
    if (globalThis[OPENED_RUN_DATABASE] === true) {
      throw new Error(
        `${file} opened the run's database, so the PostgreSQL run must run it too: take it off EMBEDDED_ONLY_FILES in test/jest/no-database-files.cjs`,
      );
    }
  });
}
