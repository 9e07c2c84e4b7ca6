#!/usr/bin/env node
// The top functions of a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_PROFILE of bench-stock-page.mjs) by
// self time, with their share of the samples taken while not idle, and the packages' shares (self time summed
// by node_modules package, or "loupe" for the app's own code, "node" for Node's internals).
//   node scripts/bench-profile-top.mjs <file.cpuprofile> [how many, default 25] [seconds to skip, default 0:
//   the start-up's compiling and loading, before the load began]
import { readFileSync } from 'node:fs';

const [file, limitArg, skipArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench-profile-top.mjs <file.cpuprofile> [how many]');
  process.exit(2);
}
const limit = Number(limitArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Self time per node: the time deltas of the samples that landed on it.
const self = new Map();
const skip = Number(skipArg ?? 0) * 1e6;
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= skip) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const frames = new Map();
const packages = new Map();
let busy = 0;
let idle = 0;
for (const [id, micros] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  if (functionName === '(idle)' || functionName === '(program)') {
    idle += functionName === '(idle)' ? micros : 0;
    if (functionName === '(idle)') continue;
  }
  busy += micros;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(server|contracts)\//, '$1/')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anonymous)'} ${where}`;
  frames.set(key, (frames.get(key) ?? 0) + micros);
  const pkg = !url
    ? functionName.startsWith('(')
      ? functionName
      : '(native)'
    : url.includes('node_modules/')
      ? url.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1')
      : url.startsWith('node:')
        ? 'node'
        : url.startsWith('wasm:')
          ? '(wasm: PGlite)'
          : 'loupe';
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
}
const pct = (micros) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(busy / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle`);
console.log('\nself time by function:');
for (const [key, micros] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
  console.log(`  ${pct(micros)}  ${key}`);
}
console.log('\nself time by package:');
for (const [key, micros] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`  ${pct(micros)}  ${key}`);
}
