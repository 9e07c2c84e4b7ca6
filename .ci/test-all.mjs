#!/usr/bin/env node
// Runs every suite of the monorepo and ends with one line, `N passed, N failed`, summed over all of them. A
// suite that cannot run at all (a missing dependency, a compile error, a crashed build) counts as a failure:
// nothing passes quietly. Each remote's suite runs it alone, outside the monorepo's hoisted node_modules
// (standalone.mjs), and the browser suite serves those standalone builds.
//
// Suites run side by side, as many at once as the machine has cores (at least two; LOUPE_CI_JOBS=n to choose),
// because most of them keep one core busy at a time (tsc, ESLint, webpack, a browser test in band) and the run
// took ~28 minutes one after another on 2 cores. Each suite's output goes to .test-results/<suite>.log and is
// printed whole when the suite ends, so outputs never interleave. What may not overlap, and why:
//   - `lint rules` writes probe files into platform/, remote-inventory/ and server/ sources: it runs alone;
//   - `typecheck` (tsc -b) writes contracts' and server's dist/, which the server suites' process tests
//     (`ensure-built`: tsc -b again) and the browser suite's build and app use: those wait for it, then find
//     the build up to date and only read it;
//   - the browser suite serves the remotes' standalone builds: it waits for them (not for their jest suites).
// Order: the longest chains start first (the server suite on PGlite; the remotes' standalone builds then the
// browser suite; the server suite on PostgreSQL); the remotes' own tests and the short suites fill the gaps.
// The closing lines give each suite's wall time and CPU time (user + system of the processes it reaps, so not
// PostgreSQL's own; the browser suite reports Chromium's apart), and the slowest test files of each jest suite.
import { spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStandalone, testStandalone } from './standalone.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const slots = Number(process.env.LOUPE_CI_JOBS) || Math.max(2, os.availableParallelism());
// GNU time gives each command's CPU time (its own and its reaped descendants'); without it, wall time only.
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-');

const only = process.argv.slice(2);
const selected = (name) => only.length === 0 || only.some((o) => name.startsWith(o));
// Every remote of the platform's remote list (platform/remotes.json), each tested alone: the list is written once.
const remoteDirs = JSON.parse(readFileSync(path.join(root, 'platform', 'remotes.json'), 'utf8')).remotes.map(
  (remote) => remote.dir,
);
const buildNames = remoteDirs.map((dir) => `${dir} standalone build`);

/**
 * Every job, longest chains first (the scheduler starts the first ready job in this order). `after`: jobs
 * that must have finished first (when they are part of this run); `exclusive`: nothing else runs meanwhile.
 * Static checks count as one test each: strict TypeScript across every package (and the browser suite), and
 * the one ESLint config with its package boundaries (plus a probe that its boundary, cycle and a11y rules
 * really fire).
 */
const jobs = [
  { name: 'lint rules', exclusive: true, check: ['node', ['.ci/lint-rules.mjs']] },
  // tsc -b of the root tsconfig.json and every remote of the remote list (launcher/src/typecheck.cjs).
  { name: 'typecheck', check: ['node', ['launcher/src/typecheck.cjs']] },
  {
    name: 'server (PGlite)',
    workspace: '@loupe/server',
    env: { TEST_DATABASE_URL: '' },
    before: preparePdfTools,
    after: ['typecheck'],
  },
  // Each remote is built and tested only as it would be alone (.ci/standalone.mjs): its jest suite runs there
  // instead of inside the monorepo, where it would pass for the same code and cost the same time again. The
  // build and the tests are two jobs: the browser suite serves the builds, so it starts once every remote is
  // built, and the remotes' jest suites fill the cores later (the browser suite's chain is the run's longest).
  ...remoteDirs.map((dir) => ({ name: `${dir} standalone build`, standaloneBuild: dir })),
  {
    name: 'e2e (Chromium)',
    workspace: '@loupe/e2e',
    before: prepareBrowserSuite,
    after: ['typecheck', ...buildNames],
    // Chromium's processes are reaped by init, not through the suite: it writes their CPU here instead
    // (e2e/support/browser-cpu.ts).
    env: { LOUPE_BROWSER_CPU_FILE: path.join(resultsDir, 'e2e-browser-cpu.txt') },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'server (PostgreSQL)',
          workspace: '@loupe/server',
          env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
          before: preparePdfTools,
          after: ['typecheck'],
        },
      ]
    : []),
  ...remoteDirs.map((dir) => ({
    name: `${dir} standalone`,
    standaloneTest: dir,
    after: [`${dir} standalone build`],
  })),
  { name: 'typecheck e2e', check: ['npx', ['tsc', '-p', 'e2e', '--noEmit']] },
  // The server's tests run through @swc/jest, which strips types without checking them: checked here instead,
  // against the server's build, which `typecheck` writes (after it, tsc -b finds it up to date and only reads it).
  {
    name: 'typecheck server tests',
    check: ['npm', ['run', 'typecheck', '-w', '@loupe/server']],
    after: ['typecheck'],
  },
  { name: 'lint', check: ['npx', ['eslint', '.']] },
  // These suites keep jest's default 5 s a test; side by side with other suites on shared cores they get 30 s, as
  // the remotes do (standalone.mjs); a hung test still fails. The server and browser suites set their own (60 s).
  { name: 'platform', workspace: '@loupe/platform', jestArgs: ['--testTimeout=30000'] },
  { name: 'shell', workspace: '@loupe/shell', jestArgs: ['--testTimeout=30000'] },
  { name: 'launcher', workspace: '@loupe/launcher', jestArgs: ['--testTimeout=30000'] },
  { name: 'contracts', workspace: '@loupe/contracts', jestArgs: ['--testTimeout=30000'] },
].filter((job) => selected(job.name));

// What this run left out, said in its closing lines: a green total must not hide what it did not test.
const skipped = [];
if (!process.env.TEST_DATABASE_URL && selected('server (PostgreSQL)')) {
  skipped.push(
    'server (PostgreSQL): SKIPPED, TEST_DATABASE_URL is not set. To include it, set ' +
      'TEST_DATABASE_URL=postgres://user:password@host:5432/dbname (a database the user may create schemas in; ' +
      'each test file works in a schema of its own, dropped afterwards), or run .ci/run, which installs and ' +
      "starts Debian's PostgreSQL and sets it.",
  );
} else if (selected('server (PostgreSQL)') && selected('server (PGlite)')) {
  const { NO_DATABASE_FILES, EMBEDDED_ONLY_FILES } = createRequire(import.meta.url)(
    '../server/test/jest/no-database-files.cjs',
  );
  skipped.push(
    `server (PostgreSQL): leaves the ${NO_DATABASE_FILES.length} server test files that open no database and the ` +
      `${EMBEDDED_ONLY_FILES.length} that test PGlite itself to server (PGlite), which fails any of them that ` +
      "opens a database, or the run's, respectively (server/test/jest/no-database-files.cjs).",
  );
}

/**
 * A job's console: its commands write into .test-results/<job>.log (printed when the job ends), and their CPU
 * time adds up in `cpu` (seconds).
 */
function openJobLog(job) {
  const file = path.join(resultsDir, `${slug(job.name)}.log`);
  const fd = openSync(file, 'w');
  const log = (line) => writeSync(fd, `${line}\n`);
  let cpu = gnuTime ? 0 : null;
  let n = 0;
  /** Runs one command with its output in the log; resolves to its exit status. */
  const exec = (cmd, args, { cwd = root, env = {}, extendEnv = true } = {}) => {
    log(`\n$ ${cmd} ${args.join(' ')}`);
    const timeFile = path.join(resultsDir, `${slug(job.name)}.time${(n += 1)}`);
    const [command, argv] = gnuTime ? [gnuTime, ['-f', '%U %S', '-o', timeFile, cmd, ...args]] : [cmd, args];
    return new Promise((resolve) => {
      const child = spawn(command, argv, {
        cwd,
        env: extendEnv ? { ...process.env, ...env } : env,
        stdio: ['ignore', fd, fd],
      });
      child.on('error', (error) => {
        log(`could not start ${cmd}: ${error.message}`);
        resolve(1);
      });
      child.on('close', (code) => {
        if (gnuTime && existsSync(timeFile)) {
          // The last line: GNU time puts "Command exited with non-zero status" before it.
          const [user, system] = readFileSync(timeFile, 'utf8')
            .trim()
            .split('\n')
            .pop()
            .split(' ')
            .map(Number);
          if (Number.isFinite(user) && Number.isFinite(system)) cpu += user + system;
          rmSync(timeFile, { force: true });
        }
        resolve(code ?? 1);
      });
    });
  };
  return {
    file,
    log,
    exec,
    get cpu() {
      return cpu;
    },
    close: () => closeSync(fd),
  };
}

/**
 * The server's PDF tests look at what they print as a reader would: labels are rendered with Debian's poppler
 * (`pdftoppm`) and their QR codes read back from the pixels. Installed when absent, as Chromium is.
 */
async function preparePdfTools({ exec }) {
  if (existsSync('/usr/bin/pdftoppm')) return null;
  const status = await aptInstall(exec, 'poppler-utils');
  return status === 0 ? null : 'could not install poppler-utils (apt-get install -y poppler-utils failed)';
}

/** One apt-get at a time (two suites may ask at once). */
let aptQueue = Promise.resolve(0);
function aptInstall(exec, pkg) {
  const next = aptQueue.then(() =>
    exec('bash', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`,
    ]),
  );
  aptQueue = next.catch(() => 1);
  return next;
}

/** The browser suite runs against the production build, in Debian's Chromium (installed when absent). */
async function prepareBrowserSuite({ exec, log }) {
  if (!existsSync('/usr/bin/chromium')) {
    log('Installing Debian Chromium for the browser suite…');
    if ((await aptInstall(exec, 'chromium')) !== 0) {
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
    log(`${dir}: the standalone build is the one served`);
    ignore.push('--ignore', JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name);
  }
  // When `typecheck` passed in this run, its `tsc -b` has just built contracts and the server (the same
  // command as their build scripts) and checked the platform (whose build is that check alone, tsc --noEmit):
  // building them again would redo the same work.
  if (results.get('typecheck')?.ok) {
    log('contracts, platform, server: built and checked by this run’s typecheck (tsc -b)');
    ignore.push('--ignore', '@loupe/contracts', '--ignore', '@loupe/platform', '--ignore', '@loupe/server');
  }
  if ((await exec('npx', ['lerna', 'run', 'build', '--concurrency', '1', ...ignore])) !== 0) {
    return 'the production build failed';
  }
  return null;
}

/** Remote folder → its standalone build's dist/, kept for the browser suite; the trees go at exit. */
const standaloneBuilds = new Map();
/** Remote folder → its staged tree (buildStandalone's answer), where its jest suite runs afterwards. */
const standaloneBuilt = new Map();
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

/** The slowest test files of a jest report, for the closing lines: where a suite's time goes. */
function slowestFiles(report, base = root, count = 3) {
  return report.testResults
    .map((r) => ({ file: path.relative(base, r.name), s: (r.endTime - r.startTime) / 1000 }))
    .filter((r) => Number.isFinite(r.s))
    .sort((a, b) => b.s - a.s)
    .slice(0, count)
    .map((r) => `${r.file} ${r.s.toFixed(0)} s`);
}

/** The numbers of a file, a line each, added up; null (no figure printed) if a line is not a number. */
const sumLines = (file) => {
  const values = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
  return values.every(Number.isFinite) ? values.reduce((sum, value) => sum + value, 0) : null;
};

/**
 * What a job's CPU is, for the closing lines: its processes' (GNU time), and the browser's it reported apart
 * (`browserCpu`, seconds).
 */
const cpuText = (cpu, browserCpu) =>
  (cpu === null ? '' : `, CPU ${cpu.toFixed(0)} s`) +
  (browserCpu == null ? '' : ` and Chromium's ${browserCpu.toFixed(0)} s`);

/** Runs one job; resolves to { p, f, line, ok, slowest, browserCpu }. Never rejects: a crash is a failure. */
async function runJob(job, io) {
  if (job.check) {
    const ok = (await io.exec(...job.check)) === 0;
    return { p: ok ? 1 : 0, f: ok ? 0 : 1, ok, line: `${ok ? '1 passed, 0 failed' : '0 passed, 1 failed'}` };
  }
  const problem = await job.before?.(io);
  if (problem) return { p: 0, f: 1, ok: false, line: `could not run: ${problem}` };
  const out = path.join(resultsDir, `${slug(job.name)}.json`);
  const exec = (cmd, args, { cwd, env }) => io.exec(cmd, args, { cwd, env, extendEnv: false });
  if (job.standaloneBuild) {
    // Its checks (declared packages installed, build, complete remote) count as one test each.
    try {
      const built = await buildStandalone(job.standaloneBuild, { log: io.log, exec });
      standaloneTrees.push(built.tree);
      standaloneBuilt.set(job.standaloneBuild, built);
      const f = built.checks.filter((c) => c.problems.length > 0).length;
      const p = built.checks.length - f;
      if (f === 0) standaloneBuilds.set(job.standaloneBuild, built.dist);
      return { p, f, ok: f === 0, line: `${p} passed, ${f} failed` };
    } catch (error) {
      return { p: 0, f: 1, ok: false, line: `0 passed, 1 failed (could not run: ${error.message})` };
    }
  }
  if (job.standaloneTest) {
    const built = standaloneBuilt.get(job.standaloneTest);
    if (!built)
      return { p: 0, f: 1, ok: false, line: '0 passed, 1 failed (no standalone tree: its build job failed)' };
    try {
      const { report, testStatus } = await testStandalone(built, { outputFile: out, log: io.log, exec });
      if (!report) return { p: 0, f: 1, ok: false, line: '0 passed, 1 failed (its tests did not run)' };
      const { p, f } = countReport(report);
      const extra = testStatus !== 0 && f === 0 ? 1 : 0;
      return {
        p,
        f: f + extra,
        ok: f + extra === 0,
        slowest: slowestFiles(report, built.tree),
        line: `${p} passed, ${f + extra} failed${extra ? ` (jest exit ${testStatus})` : ''}`,
      };
    } catch (error) {
      return { p: 0, f: 1, ok: false, line: `0 passed, 1 failed (could not run: ${error.message})` };
    }
  }
  const status = await io.exec(
    'npm',
    ['test', '-w', job.workspace, '--', '--ci', '--json', `--outputFile=${out}`, ...(job.jestArgs ?? [])],
    { env: job.env },
  );
  if (!existsSync(out)) return { p: 0, f: 1, ok: false, line: `did not run (exit ${status})` };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const { p, f } = countReport(report);
  const extra = status !== 0 && f === 0 ? 1 : 0;
  const browserCpuFile = job.env?.LOUPE_BROWSER_CPU_FILE;
  return {
    p,
    f: f + extra,
    ok: f + extra === 0,
    slowest: slowestFiles(report),
    line: `${p} passed, ${f} failed${extra ? ` (exit ${status})` : ''}`,
    browserCpu: browserCpuFile && existsSync(browserCpuFile) ? sumLines(browserCpuFile) : null,
  };
}

const results = new Map();
const names = new Set(jobs.map((j) => j.name));
const started = Date.now();
// Rounded to the second first, so 59.6 s reads 1:00, not 0:60.
const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
const running = new Map();
const pending = [...jobs];

function startJob(job) {
  const io = openJobLog(job);
  const t0 = Date.now();
  console.log(`[${clock(t0 - started)}] start  ${job.name}`);
  const promise = runJob(job, io)
    .catch((error) => ({ p: 0, f: 1, ok: false, line: `could not run: ${error.message}` }))
    .then((result) => {
      io.close();
      const wall = (Date.now() - t0) / 1000;
      results.set(job.name, { ...result, wall, cpu: io.cpu });
      running.delete(job.name);
      console.log(`\n=== ${job.name} === (output: ${path.relative(root, io.file)})`);
      process.stdout.write(readFileSync(io.file, 'utf8'));
      console.log(
        `[${clock(Date.now() - started)}] done   ${job.name}: ${result.line}, wall ${wall.toFixed(0)} s` +
          cpuText(io.cpu, result.browserCpu),
      );
    });
  running.set(job.name, { job, promise });
}

console.log(`Running ${jobs.length} suites, up to ${slots} at once.`);
while (pending.length > 0 || running.size > 0) {
  const busyAlone = [...running.values()].some((r) => r.job.exclusive);
  for (let i = 0; i < pending.length && running.size < slots && !busyAlone; i += 1) {
    const job = pending[i];
    if (!(job.after ?? []).every((name) => !names.has(name) || results.has(name))) continue;
    // An exclusive job waits for the others to end, and nothing below it starts in the meantime.
    if (job.exclusive && running.size > 0) break;
    pending.splice(i, 1);
    i -= 1;
    startJob(job);
    if (job.exclusive) break;
  }
  if (running.size === 0) {
    // Nothing can start (cannot happen while `after` names jobs of this list): what is left counts as failed.
    for (const job of pending.splice(0)) {
      results.set(job.name, { p: 0, f: 1, ok: false, line: 'did not run', wall: 0, cpu: null });
    }
    break;
  }
  await Promise.race([...running.values()].map((r) => r.promise));
}

let passed = 0;
let failed = 0;
console.log('\n=== summary ===');
console.log(`wall ${clock(Date.now() - started)} for the whole run, up to ${slots} suites at once`);
for (const job of jobs) {
  const r = results.get(job.name);
  const cpu = cpuText(r.cpu, r.browserCpu);
  console.log(
    `  ${job.name}: wall ${r.wall.toFixed(0)} s${cpu}${r.slowest ? `; slowest: ${r.slowest.join(', ')}` : ''}`,
  );
}
for (const job of jobs) {
  const r = results.get(job.name);
  passed += r.p;
  failed += r.f;
  console.log(`${job.name}: ${r.line}`);
}
for (const line of skipped) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
