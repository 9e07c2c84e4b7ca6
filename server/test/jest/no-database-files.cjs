'use strict';
// The server's test files that open no database: configuration, formats, PDFs drawn from rows given to them,
// the module map. They run the same code whichever database a run has, so the PostgreSQL run (TEST_DATABASE_URL)
// leaves them to the embedded one (jest.config.js) instead of running each a second time for nothing (issue
// 26, goal 5). The embedded run holds the list to its word: a listed file that opens an embedded database fails
// there (test/jest/no-database-check.cjs, through test/jest/pglite.cjs); it belongs off this list. The files of
// PGlite's own tests (EMBEDDED_ONLY_FILES, below) are held to theirs the same way.

/** Paths from the server folder. */
const NO_DATABASE_FILES = [
  'test/config-refusals.test.ts',
  'test/config.test.ts',
  'test/db/upgrade-lines.test.ts',
  'test/kernel/csv.test.ts',
  'test/kernel/kept-answers.test.ts',
  'test/kernel/money.test.ts',
  'test/kernel/pdf-layout.test.ts',
  'test/kernel/query-string.test.ts',
  'test/kernel/validation.test.ts',
  'test/module-ownership.test.ts',
  'test/modules/audit/describe.test.ts',
  'test/modules/auth/csrf.test.ts',
  'test/modules/auth/password-validators.test.ts',
  'test/modules/documents/pdf-invoice-render.test.ts',
  'test/modules/stock/variance-report-pdf.test.ts',
  'test/modules/workshop/documents-pdf.test.ts',
  'test/testbed-scratch.test.ts',
];

/**
 * The files that test PGlite itself, on embedded databases of their own whichever database the run has: the
 * PostgreSQL run would only repeat them, so it leaves them to the embedded run too. The embedded run holds them
 * to it: one that opens the run's database (test/helper.ts's createTestDatabase) fails there, since what it tests
 * then holds on PostgreSQL as well.
 */
const EMBEDDED_ONLY_FILES = ['test/db/maintenance.test.ts', 'test/db/pglite-prepared.test.ts'];

/** Set on a test file's own global by test/jest/pglite.cjs when the file opens an embedded database. */
const OPENED_EMBEDDED_DATABASE = Symbol.for('loupe.test.openedEmbeddedDatabase');

/** Set on a test file's own global by test/helper.ts's createTestDatabase when the file opens the run's database. */
const OPENED_RUN_DATABASE = Symbol.for('loupe.test.openedRunDatabase');

module.exports = { NO_DATABASE_FILES, EMBEDDED_ONLY_FILES, OPENED_EMBEDDED_DATABASE, OPENED_RUN_DATABASE };
