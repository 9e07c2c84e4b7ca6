'use strict';
// Test runs only (jest.config.js maps `argon2` here). Nearly every test signs its callers in, and each sign-in
// derives argon2id at the production parameters (19 MiB, 2 passes: ~100 ms of CPU on the CI machine) from the
// same password and the same stored hash: the fixtures share one hash per file (test/helper.ts, fixtureHash).
// That was about a fifth of the server suite's CPU, on each database. Argon2 is a pure function of its inputs,
// so here a raw derivation already made in this file is served again: the same password, salt, parameters and
// length give the same bytes libargon2 would compute once more. Anything new (another password, a new salt, other
// parameters: every hash the server writes, every wrong password) is computed by the real library. Jest's
// module registry keeps the memory to one test file.
//
// A repeat still goes through the thread pool as one real (minimal) argon2 job before it answers, so that it
// stays asynchronous the way the library is: the server's cap on concurrent hashes
// (password-hasher.ts, MAX_CONCURRENT_HASHES) holds and can be observed exactly as with full derivations.
// The package's own file: jest.config.js maps the bare name only.
const real = require('argon2/argon2.cjs');

const MINIMAL = { type: real.argon2id, memoryCost: 8, timeCost: 1, parallelism: 1, raw: true };
const derived = new Map();

/** The key of a raw derivation: every input that decides its bytes, or null when it is not one we share. */
function keyOf(password, options) {
  if (!options || options.raw !== true || !Buffer.isBuffer(options.salt)) return null;
  const { type, version, memoryCost, timeCost, parallelism, hashLength, salt, secret, associatedData } =
    options;
  if (secret !== undefined || associatedData !== undefined) return null;
  const text = Buffer.isBuffer(password) ? password.toString('base64') : `s:${String(password)}`;
  return JSON.stringify([
    type,
    version,
    memoryCost,
    timeCost,
    parallelism,
    hashLength,
    salt.toString('base64'),
    text,
  ]);
}

async function hash(password, options) {
  const key = keyOf(password, options);
  if (key === null) return real.hash(password, options);
  const known = derived.get(key);
  if (!known) {
    const computing = real.hash(password, options);
    derived.set(key, computing);
    // A failed derivation is not remembered.
    computing.catch(() => derived.delete(key));
    return Buffer.from(await computing);
  }
  const [bytes] = await Promise.all([known, real.hash('minimal', { ...MINIMAL, salt: options.salt })]);
  return Buffer.from(bytes);
}

module.exports = { ...real, hash };
