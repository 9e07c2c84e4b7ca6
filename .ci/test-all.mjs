#!/usr/bin/env node
// Runs every suite of the monorepo in turn and ends with one line, `N passed, N failed`, summed over all
// of them. A suite that cannot run at all (a missing dependency, a compile error, a crashed build) counts
// as a failure: nothing passes quietly.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2);
const suites = [
  { name: 'contracts', workspace: '@loupe/contracts' },
  { name: 'platform', workspace: '@loupe/platform' },
  { name: 'server (PGlite)', workspace: '@loupe/server', env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'server (PostgreSQL)',
          workspace: '@loupe/server',
          env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
        },
      ]
    : []),
  { name: 'shell', workspace: '@loupe/shell' },
  { name: 'launcher', workspace: '@loupe/launcher' },
  { name: 'remote-auth', workspace: '@loupe/remote-auth' },
  { name: 'remote-admin', workspace: '@loupe/remote-admin' },
  { name: 'remote-inventory', workspace: '@loupe/remote-inventory' },
  { name: 'remote-clients', workspace: '@loupe/remote-clients' },
  { name: 'remote-finance', workspace: '@loupe/remote-finance' },
  { name: 'e2e (Chromium)', workspace: '@loupe/e2e', before: prepareBrowserSuite },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** The browser suite runs against the production build, in Debian's Chromium (installed when absent). */
function prepareBrowserSuite() {
  if (!existsSync('/usr/bin/chromium')) {
    console.log('Installing Debian Chromium for the browser suite…');
    if (
      run('bash', [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
      ]) !== 0
    ) {
      return 'could not install Chromium (apt-get install -y chromium failed)';
    }
  }
  if (run('npx', ['lerna', 'run', 'build', '--concurrency', '1']) !== 0) return 'the production build failed';
  return null;
}

let passed = 0;
let failed = 0;
const lines = [];

// Static checks count as one test each: strict TypeScript across every package (and the browser suite),
// and the one ESLint config with its package boundaries (plus a probe that its boundary, cycle and a11y rules
// really fire).
const checks = [
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '-b'] },
  { name: 'typecheck e2e', cmd: 'npx', args: ['tsc', '-p', 'e2e', '--noEmit'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'lint rules', cmd: 'node', args: ['.ci/lint-rules.mjs'] },
].filter((c) => only.length === 0 || only.some((o) => c.name.startsWith(o)));
for (const check of checks) {
  console.log(`\n=== ${check.name} ===`);
  const ok = run(check.cmd, check.args) === 0;
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${check.name}: ${ok ? '1 passed, 0 failed' : '0 passed, 1 failed'}`);
}
for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const problem = suite.before?.();
  if (problem) {
    failed += 1;
    lines.push(`${suite.name}: could not run: ${problem}`);
    continue;
  }
  const out = path.join(resultsDir, `${suite.name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const status = run(
    'npm',
    ['test', '-w', suite.workspace, '--', '--ci', '--json', `--outputFile=${out}`],
    suite.env,
  );
  if (!existsSync(out)) {
    failed += 1;
    lines.push(`${suite.name}: did not run (exit ${status})`);
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  // A test file that fails to compile or load has no failed tests, but it is a failure all the same.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed'),
  ).length;
  const p = report.numPassedTests;
  const f = report.numFailedTests + brokenFiles + (report.numTotalTests === 0 ? 1 : 0);
  passed += p;
  failed += f;
  lines.push(`${suite.name}: ${p} passed, ${f} failed${status !== 0 && f === 0 ? ` (exit ${status})` : ''}`);
  if (status !== 0 && f === 0) failed += 1;
}

console.log('\n=== summary ===');
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
