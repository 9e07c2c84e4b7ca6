'use strict';
// Run in each worker before every test file (jest.config.js, setupFiles): V8's compilation cache off for the
// scripts compiled from here on. With --experimental-vm-modules (PGlite imports dynamically), jest compiles each
// module with an `importModuleDynamically` callback, which Node keeps in a WeakMap keyed by the script's
// host-defined options; V8's compilation cache kept those alive, so every test file's whole sandbox stayed in
// its worker's heap after the file ended (~20 MB a file: the native contexts counted by
// v8.getHeapStatistics() rose by one a file, and a heap snapshot's retainers led from Node's `moduleRegistries`
// WeakMap to each). jest's own report: https://github.com/jestjs/jest/issues/14605; Node's side:
// https://github.com/nodejs/node/pull/48510. With the cache off, six API files in one process end with 5 native
// contexts and 173 MB of heap instead of 8 and 247 MB. CPU is unchanged: the server's whole embedded suite took
// 522 s (user) with this and 517 s without, since jest compiles each file's modules in the file's own context
// anyway, and the workers' 700 MB limit (jest.config.js) had been replacing the leaking workers
// (docs/perf/ci-time.md).
// The flag is read when V8 looks a script up, so setting it here, before the file's modules compile, covers them.
require('node:v8').setFlagsFromString('--no-compilation-cache');
