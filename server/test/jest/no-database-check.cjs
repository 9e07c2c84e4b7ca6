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

/** Each list the PostgreSQL run leaves out: what its files must not have opened, and where the list is. */
const KEPT_TO = [
  {
    files: NO_DATABASE_FILES,
    opened: OPENED_EMBEDDED_DATABASE,
    what: 'a database',
    list: 'test/jest/no-database-files.cjs',
  },
  {
    files: EMBEDDED_ONLY_FILES,
    opened: OPENED_RUN_DATABASE,
    what: "the run's database",
    list: 'EMBEDDED_ONLY_FILES in test/jest/no-database-files.cjs',
  },
];

const file = path
  .relative(path.resolve(__dirname, '../..'), expect.getState().testPath)
  .split(path.sep)
  .join('/');
for (const { files, opened, what, list } of KEPT_TO) {
  if (!files.includes(file)) continue;
  afterAll(() => {
    if (globalThis[opened] === true) {
      throw new Error(`${file} opened ${what}, so the PostgreSQL run must run it too: take it off ${list}`);
    }
  });
}
