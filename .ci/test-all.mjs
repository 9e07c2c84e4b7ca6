#!/usr/bin/env node
// Runs every suite of the monorepo in turn and ends with one line, `N passed, N failed`, summed over all
// of them. A suite that cannot run at all (a missing dependency, a compile error, a crashed build) counts
// as a failure: nothing passes quietly. Each remote's suite runs it alone, outside the monorepo's hoisted
// node_modules (standalone.mjs), and the browser suite serves those standalone builds.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './standalone.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2);
const suites = [
  { name: 'contracts', workspace: '@loupe/contracts' },
  { name: 'platform', workspace: '@loupe/platform' },
  {
    name: 'server (PGlite)',
    workspace: '@loupe/server',
    env: { TEST_DATABASE_URL: '' },
    before: preparePdfTools,
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'server (PostgreSQL)',
          workspace: '@loupe/server',
          env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
          before: preparePdfTools,
        },
      ]
    : []),
  { name: 'shell', workspace: '@loupe/shell' },
  { name: 'launcher', workspace: '@loupe/launcher' },
  // Each remote is built and tested only as it would be alone (.ci/standalone.mjs): its jest suite runs there
  // instead of inside the monorepo, where it would pass for the same code and cost the same time again.
  ...['remote-auth', 'remote-admin', 'remote-inventory', 'remote-clients', 'remote-finance'].map((dir) => ({
    name: `${dir} standalone`,
    standalone: dir,
  })),
  { name: 'e2e (Chromium)', workspace: '@loupe/e2e', before: prepareBrowserSuite },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

// Suites left out of this run, said in its closing lines: a green total must not hide what it did not test.
const skipped = [];
if (
  !process.env.TEST_DATABASE_URL &&
  (only.length === 0 || only.some((o) => 'server (PostgreSQL)'.startsWith(o)))
) {
  skipped.push(
    'server (PostgreSQL): SKIPPED, TEST_DATABASE_URL is not set. To include it, set ' +
      'TEST_DATABASE_URL=postgres://user:password@host:5432/dbname (a database the user may create schemas in; ' +
      'each test file works in a schema of its own, dropped afterwards), or run .ci/run, which installs and ' +
      "starts Debian's PostgreSQL and sets it.",
  );
}

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * The server's PDF tests look at what they print as a reader would: labels are rendered with Debian's poppler
 * (`pdftoppm`) and their QR codes read back from the pixels. Installed when absent, as Chromium is.
 */
function preparePdfTools() {
  if (existsSync('/usr/bin/pdftoppm')) return null;
  console.log('Installing Debian poppler-utils for the PDF tests…');
  const status = run('bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null',
  ]);
  return status === 0 ? null : 'could not install poppler-utils (apt-get install -y poppler-utils failed)';
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
  // A remote whose standalone build passed its checks in this run is deployed as that build (what its team
  // would ship); the rest are built here as usual.
  const ignore = [];
  for (const [dir, dist] of standaloneBuilds) {
    const target = path.join(root, dir, 'dist');
    mkdirSync(target, { recursive: true });
    // dist/types holds tsc -b's declarations, not the bundle.
    for (const entry of readdirSync(target)) {
      if (entry !== 'types') rmSync(path.join(target, entry), { recursive: true, force: true });
    }
    cpSync(dist, target, { recursive: true });
    console.log(`${dir}: the standalone build is the one served`);
    ignore.push('--ignore', JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name);
  }
  if (run('npx', ['lerna', 'run', 'build', '--concurrency', '1', ...ignore]) !== 0) {
    return 'the production build failed';
  }
  return null;
}

/** Remote folder → its standalone build's dist/, kept for the browser suite; the trees go at exit. */
const standaloneBuilds = new Map();
const standaloneTrees = [];
process.on('exit', () => {
  for (const tree of standaloneTrees) rmSync(tree, { recursive: true, force: true });
});

/** Counts a jest JSON report: a test file that fails to compile or load is a failure too. */
function countReport(report) {
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed'),
  ).length;
  return {
    p: report.numPassedTests,
    f: report.numFailedTests + brokenFiles + (report.numTotalTests === 0 ? 1 : 0),
  };
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
  // The server's tests run through ts-jest with isolatedModules (no type check): checked here instead.
  { name: 'typecheck server tests', cmd: 'npx', args: ['tsc', '-p', 'server/tsconfig.test.json'] },
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
  if (suite.standalone) {
    // Its checks (declared packages installed, build, complete remote) count as one test each.
    let p = 0;
    let f = 0;
    let note = '';
    try {
      const result = runStandalone(suite.standalone, { outputFile: out });
      standaloneTrees.push(result.tree);
      for (const check of result.checks) {
        if (check.problems.length === 0) p += 1;
        else f += 1;
      }
      if (result.checks.every((c) => c.problems.length === 0))
        standaloneBuilds.set(suite.standalone, result.dist);
      if (result.report) {
        const counted = countReport(result.report);
        p += counted.p;
        f += counted.f;
        if (result.testStatus !== 0 && counted.f === 0) {
          f += 1;
          note = ` (jest exit ${result.testStatus})`;
        }
      } else {
        f += 1;
        note = ' (its tests did not run)';
      }
    } catch (error) {
      f += 1;
      note = ` (could not run: ${error.message})`;
    }
    passed += p;
    failed += f;
    lines.push(`${suite.name}: ${p} passed, ${f} failed${note}`);
    continue;
  }
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
  const { p, f } = countReport(JSON.parse(readFileSync(out, 'utf8')));
  passed += p;
  failed += f;
  lines.push(`${suite.name}: ${p} passed, ${f} failed${status !== 0 && f === 0 ? ` (exit ${status})` : ''}`);
  if (status !== 0 && f === 0) failed += 1;
}

console.log('\n=== summary ===');
for (const line of lines) console.log(line);
for (const line of skipped) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
