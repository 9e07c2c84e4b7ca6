'use strict';
// Test runs only (jest.config.js maps `@electric-sql/pglite` here). PGlite itself, with two things a test run
// needs on top:
//
// - An embedded database opened on an empty folder starts from a copy of a folder PGlite initialised once for
//   the run (test/jest/global-setup.ts, LOUPE_TEST_INITDB_DIR) instead of running initdb again: initdb is
//   5-8 s of CPU on the CI machine, a copy and an open ~1.5 s, and the folder is what initdb writes (the same
//   PGlite build, the same parameters). The product's own first start (initdb) still runs once a run: it made
//   that folder, through src/db/database.ts. A folder that holds anything, a restore (`loadDataDir`) and an
//   in-memory database are PGlite's own, untouched.
// - It records on the test file's global that the file opened an embedded database: the files the PostgreSQL run
//   leaves out (test/jest/no-database-files.cjs) must not.
//
// The package's own file, as Node resolved it in jest.config.js (the bare name comes back here).
const fs = require('node:fs');
const path = require('node:path');

const main = process.env.LOUPE_TEST_PGLITE_MAIN;
if (!main)
  throw new Error('LOUPE_TEST_PGLITE_MAIN is not set: run the server tests through its jest.config.js');
const real = require(main);

const { OPENED_EMBEDDED_DATABASE } = require('./no-database-files.cjs');

/** A folder of the file system (PGlite's `nodefs`): a path, not `memory://` or `idb://`. */
const isFolder = (dataDir) => typeof dataDir === 'string' && dataDir !== '' && !/^[a-z]+:\/\//.test(dataDir);

function isEmptyFolder(dir) {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if (error.code === 'ENOENT') return true;
    throw error;
  }
}

/** PGlite's options from its two call shapes, (dataDir, options) and (options), as PGlite reads them. */
const optionsOf = (dataDirOrOptions, options) =>
  typeof dataDirOrOptions === 'string'
    ? { dataDir: dataDirOrOptions, ...options }
    : (dataDirOrOptions ?? options ?? {});

/** Fills an empty folder from the run's initialised one, when the run has one and PGlite would run initdb. */
function fromTemplate(options) {
  const template = process.env.LOUPE_TEST_INITDB_DIR;
  if (!template || options.loadDataDir || options.fs || !isFolder(options.dataDir)) return;
  const dir = path.resolve(options.dataDir);
  if (!isEmptyFolder(dir)) return;
  fs.cpSync(template, dir, { recursive: true });
}

class PGlite extends real.PGlite {
  constructor(dataDirOrOptions, options) {
    const merged = optionsOf(dataDirOrOptions, options);
    fromTemplate(merged);
    super(merged);
    globalThis[OPENED_EMBEDDED_DATABASE] = true;
  }

  /** As PGlite.create, through this constructor (PGlite's own builds its class, not `this`). */
  static async create(dataDirOrOptions, options) {
    const pg = new PGlite(dataDirOrOptions, options);
    await pg.waitReady;
    return pg;
  }
}

module.exports = { ...real, PGlite };
