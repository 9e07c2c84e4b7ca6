#!/usr/bin/env node
// Where a server's CPU went, from a Linux `perf record` of it (BENCH_PERF of bench.mjs): the share of its
// samples by thread, by kind of code and by function. Unlike a V8 CPU profile (BENCH_PROFILE), which samples
// the main thread's wall time (time spent waiting inside `writev` counts as `writev`), perf samples only what is
// on a CPU, in every thread: the JavaScript (named through node's --perf-basic-prof), PGlite's WebAssembly, V8's
// compiler and collector, Node's C++ and the kernel.
// JavaScript is named through V8's jitdump (bench.mjs runs the servers with --perf-prof and `perf inject --jit`s
// the record): each sample by the code at its address at that moment. A record named through a map file
// (--perf-basic-prof) is read too, but V8 only appends to that file, so once the collector moves or frees code, a
// function compiled later at the same address may be reported under an earlier one's name (seen: ajv's
// compile-time helpers "hot" in a warm server). Either way the other kinds (V8's builtins, runtime, compilers
// and collector, Node's C++, the kernel) are named by their binaries.
//   node scripts/bench-perf-top.mjs <file.perf.data> [how many functions, default 25]
import { execFileSync } from 'node:child_process';

const [file, limitArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench-perf-top.mjs <file.perf.data> [how many]');
  process.exit(2);
}
const limit = Number(limitArg ?? 25);

// One line a (thread, object, function): "12.34%|  7123:node  |[JIT] tid 7123  |[.] JS:*name /path:1:2".
// (perf's "pid" sort key is the thread.)
const report = execFileSync(
  'perf',
  ['report', '-i', file, '--no-children', '-g', 'none', '--sort', 'pid,dso,sym', '-t', '|', '--stdio', '-n'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
);
const rows = [];
for (const line of report.split('\n')) {
  if (line.startsWith('#') || !line.includes('|')) continue;
  const [, samples, thread, dso, symbol] = line.split('|').map((field) => field.trim());
  const tid = Number(thread.split(':')[0]);
  rows.push({ samples: Number(samples), tid, dso, symbol: symbol.replace(/^\[.\]\s*/, '') });
}
if (rows.length === 0) {
  console.error(`${file}: no samples (was perf enabled during the load?)`);
  process.exit(1);
}

/** What kind of code a sample landed in: a package's JavaScript, PGlite's WebAssembly, V8's parts, the kernel. */
function kindOf({ dso, symbol }) {
  if (dso.startsWith('[kernel')) return 'kernel';
  // Builtins_… in node's binary; Builtin:… where `perf inject --jit` names the copy V8 made of one.
  if (/^Builtins?[_:]/.test(symbol)) return 'V8 builtins';
  // A jitted-<pid>-<n>.so of `perf inject --jit` without a function's name: V8's own stubs and handlers.
  if (/^jitted-\d+-\d+\.so$/.test(dso) && !symbol.startsWith('JS:')) return 'V8 stubs (jitted)';
  if (symbol.startsWith('JS:wasm-function')) return 'PGlite (WebAssembly)';
  if (symbol.startsWith('RegExp:')) return 'regular expressions';
  if (symbol.startsWith('JS:')) {
    const path = symbol.slice(symbol.indexOf(' ') + 1);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    if (pkg) return pkg[1];
    if (path.startsWith('node:')) return 'node (JavaScript)';
    if (/\/(server|contracts)\//.test(path)) return 'loupe';
    return 'JavaScript (other)';
  }

  if (/v8::internal::(compiler|turboshaft|maglev)|v8::internal::wasm::/.test(symbol)) return 'V8 compilers';
  if (/Heap|Scaveng|MarkCompact|Marking|Sweeper|Evacuat|GC|MemoryAllocator|Marker/.test(symbol)) {
    return 'V8 garbage collector';
  }
  if (symbol.startsWith('v8::')) return 'V8 runtime';
  if (/^(node::|uv_|uv__)/.test(symbol)) return 'node (C++), libuv';
  if (/libc\.so|libstdc\+\+|libm\.so|libgcc/.test(dso)) return 'C libraries';
  return dso;
}

const total = rows.reduce((sum, row) => sum + row.samples, 0);
const mainTid = Math.min(...rows.map((row) => row.tid));
const pct = (samples) => `${((100 * samples) / total).toFixed(1).padStart(5)}%`;
const sumBy = (key, of = rows) => {
  const sums = new Map();
  for (const row of of) sums.set(key(row), (sums.get(key(row)) ?? 0) + row.samples);
  return [...sums].sort((a, b) => b[1] - a[1]);
};

console.log(`${file}: ${total} samples on a CPU`);
console.log('\nby thread:');
for (const [name, samples] of sumBy((row) =>
  row.tid === mainTid ? 'main' : 'other threads (V8 workers, libuv)',
)) {
  console.log(`  ${pct(samples)}  ${name}`);
}
console.log('\nby kind of code, every thread:');
for (const [name, samples] of sumBy(kindOf).slice(0, 20)) console.log(`  ${pct(samples)}  ${name}`);
console.log('\nfunctions, main thread (self):');
const main = rows.filter((row) => row.tid === mainTid);
for (const [name, samples] of sumBy((row) => row.symbol, main).slice(0, limit)) {
  const short = name.replace(/ \/.*node_modules\//, ' ').replace(/ \/.*\/server\//, ' server/');
  console.log(`  ${pct(samples)}  ${short.length > 110 ? `${short.slice(0, 109)}…` : short}`);
}
