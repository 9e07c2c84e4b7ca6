#!/usr/bin/env node
// Builds and tests one remote the way its team would ship it alone, so a change that only works because the
// monorepo happens to have something lying around is caught:
//   - the remote and the workspace packages it declares (platform, contracts) are copied into an empty
//     temporary tree with no node_modules above it;
//   - each copied package gets a node_modules of its own holding ONLY what its package.json declares
//     (symlinks into the installed packages, and their bins), so nothing hoisted from a sibling resolves: an
//     undeclared import, a test helper or a build tool the remote never declared fails here;
//   - PATH loses every node_modules/.bin, so `webpack` and `jest` must come from the remote's own declarations;
//   - `npm run build` runs from an empty dist/ (neither the shell nor another remote built), and the result
//     must be a complete remote: its manifest names the container, exposes what platform/remotes.json says,
//     and every script the manifest lists is in dist/ beside remoteEntry.js;
//   - `npm test` runs the remote's own jest suite there.
// Usage: node .ci/standalone.mjs remote-auth [--keep]   (test-all.mjs imports buildStandalone and testStandalone,
// the two halves of runStandalone, and runs several remotes side by side with other suites; each takes the
// runner of its commands)
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Workspace package name → its folder, from the root package.json ("remote-*": every such folder). */
function workspaceDirs() {
  const map = new Map();
  for (const pattern of readJson(path.join(root, 'package.json')).workspaces) {
    const dirs = pattern.endsWith('*')
      ? readdirSync(root).filter((name) => name.startsWith(pattern.slice(0, -1)))
      : [pattern];
    for (const dir of dirs) {
      const file = path.join(root, dir, 'package.json');
      if (existsSync(file)) map.set(readJson(file).name, dir);
    }
  }
  return map;
}

const declaredNames = (pkg) => Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });

/** Where Node would find `name` from the package's real folder in the monorepo (hoisted or nested). */
function installedLocation(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === path.dirname(dir)) return null;
  }
}

/** A folder with no node_modules in any ancestor, or the isolation would be a fiction. */
function isolatedTempDir(label) {
  const dir = mkdtempSync(path.join(realpathSync(os.tmpdir()), `loupe-standalone-${label}-`));
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    if (existsSync(path.join(up, 'node_modules'))) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`${path.join(up, 'node_modules')} would leak packages into the standalone tree`);
    }
    if (up === path.dirname(up)) return dir;
  }
}

/**
 * Copies the remote and every workspace package it depends on (transitively) into `tree`, each with a
 * node_modules of exactly its declared dependencies. Returns the problems (undeclarable packages).
 */
function stage(remoteDir, tree) {
  const workspaces = workspaceDirs();
  const problems = [];
  const staged = new Set();
  const queue = [remoteDir];
  cpSync(path.join(root, 'tsconfig.base.json'), path.join(tree, 'tsconfig.base.json'));
  while (queue.length > 0) {
    const dir = queue.shift();
    if (staged.has(dir)) continue;
    staged.add(dir);
    cpSync(path.join(root, dir), path.join(tree, dir), {
      recursive: true,
      filter: (src) => !/[\\/](node_modules|dist|coverage|\.test-results)$|\.tsbuildinfo$/.test(src),
    });
    const pkg = readJson(path.join(root, dir, 'package.json'));
    const modules = path.join(tree, dir, 'node_modules');
    const bin = path.join(modules, '.bin');
    mkdirSync(bin, { recursive: true });
    for (const name of declaredNames(pkg)) {
      const link = path.join(modules, name);
      mkdirSync(path.dirname(link), { recursive: true });
      const workspace = workspaces.get(name);
      if (workspace) {
        symlinkSync(path.join(tree, workspace), link, 'dir');
        queue.push(workspace);
        continue;
      }
      const target = installedLocation(name, path.join(root, dir));
      if (!target) {
        problems.push(`${dir} declares ${name}, which is not installed`);
        continue;
      }
      symlinkSync(target, link, 'dir');
      const bins = readJson(path.join(target, 'package.json')).bin ?? {};
      const entries = typeof bins === 'string' ? { [name.split('/').pop()]: bins } : bins;
      for (const [command, file] of Object.entries(entries)) {
        if (!existsSync(path.join(bin, command)))
          symlinkSync(path.join(target, file), path.join(bin, command));
      }
    }
  }
  return problems;
}

/** The environment of a shell outside the monorepo: no inherited node_modules/.bin, no npm workspace flags. */
function outsideEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || key === 'NODE_PATH' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !/node_modules[\\/]\.bin/.test(entry))
    .join(path.delimiter);
  return env;
}

/** What a deployable remote must hold: the problems found in `dist`, none when it is complete. */
export function checkRemoteOutput(dist, remote) {
  const problems = [];
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return ['dist/mf-manifest.json is missing'];
  const manifest = readJson(manifestFile);
  if (manifest.name !== remote.name) problems.push(`the manifest names ${manifest.name}, not ${remote.name}`);
  const entry = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
  if (!existsSync(path.join(dist, entry))) problems.push(`dist/${entry} is missing`);
  const expected = ['./routes', ...(remote.widgets ? ['./widgets'] : [])].sort();
  const exposed = (manifest.exposes ?? []).map((e) => e.path).sort();
  if (JSON.stringify(exposed) !== JSON.stringify(expected)) {
    problems.push(`exposes ${exposed.join(', ') || 'nothing'}, expected ${expected.join(', ')}`);
  }
  for (const item of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const kind of ['js', 'css']) {
      for (const file of [...(item.assets?.[kind]?.sync ?? []), ...(item.assets?.[kind]?.async ?? [])]) {
        if (!existsSync(path.join(dist, file))) problems.push(`${item.name}: dist/${file} is missing`);
      }
    }
  }
  return problems;
}

/** Runs a command with its output on this process's, as a shell would. */
export function inheritRun(cmd, args, { cwd, env }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * The first half: stages the remote alone and builds it, with its checks. The browser suite needs only this
 * half (it serves the build), so test-all starts it as soon as every remote is built, not after their tests.
 * @param {string} remoteDir e.g. `remote-auth`
 * @param {{ log?: (line: string) => void,
 *   exec?: (cmd: string, args: string[], options: { cwd: string, env: NodeJS.ProcessEnv }) => Promise<number> }}
 *   [options] exec runs each command (its status), `inheritRun` unless given
 * @returns {Promise<{ checks: { name: string, problems: string[] }[], tree: string, cwd: string, dist: string,
 *   env: NodeJS.ProcessEnv }>}
 */
export async function buildStandalone(remoteDir, { log = console.log, exec = inheritRun } = {}) {
  const remote = readJson(path.join(root, 'platform', 'remotes.json')).remotes.find(
    (r) => r.dir === remoteDir,
  );
  if (!remote) throw new Error(`${remoteDir} is not in platform/remotes.json`);
  const tree = isolatedTempDir(remoteDir);
  const cwd = path.join(tree, remoteDir);
  const dist = path.join(cwd, 'dist');
  const env = outsideEnv();
  const checks = [];

  const staging = stage(remoteDir, tree);
  checks.push({ name: 'every declared package is installed', problems: staging });

  log(`\n$ (cd ${cwd} && npm run build)`);
  const buildStatus = await exec('npm', ['run', 'build'], { cwd, env });
  checks.push({
    name: 'builds from an empty dist/ with only its declared packages',
    problems: buildStatus === 0 ? [] : [`npm run build exited ${buildStatus}`],
  });
  checks.push({
    name: 'the build is a complete remote (manifest, entry, exposes, every listed script)',
    problems: buildStatus === 0 ? checkRemoteOutput(dist, remote) : ['no build to check'],
  });
  for (const check of checks) {
    log(`${check.problems.length === 0 ? 'ok  ' : 'FAIL'} ${check.name}`);
    for (const problem of check.problems) log(`       ${problem}`);
  }
  return { checks, tree, cwd, dist, env };
}

/**
 * The second half: the remote's own jest suite, in the tree buildStandalone staged.
 * @returns {Promise<{ report: object | null, testStatus: number }>}
 */
export async function testStandalone(built, { outputFile, log = console.log, exec = inheritRun } = {}) {
  const { cwd, env, tree } = built;
  const out = outputFile ?? path.join(tree, 'jest.json');
  rmSync(out, { force: true });
  // A test's time limit of 30 s instead of jest's default 5: the CI runs this beside other suites on shared cores,
  // where 12 of remote-inventory's jsdom tests ran past 5 s on a busy machine; a hung test still fails.
  const args = ['test', '--', '--ci', '--json', `--outputFile=${out}`, '--testTimeout=30000'];
  log(`\n$ (cd ${cwd} && npm ${args.join(' ')})`);
  const testStatus = await exec('npm', args, { cwd, env });
  return { report: existsSync(out) ? readJson(out) : null, testStatus };
}

/** Both halves, one after the other (the command line below). */
export async function runStandalone(remoteDir, { outputFile, log = console.log, exec = inheritRun } = {}) {
  const built = await buildStandalone(remoteDir, { log, exec });
  const { report, testStatus } = await testStandalone(built, { outputFile, log, exec });
  return { checks: built.checks, report, testStatus, tree: built.tree, dist: built.dist };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [remoteDir, ...flags] = process.argv.slice(2);
  if (!remoteDir) {
    console.error('usage: node .ci/standalone.mjs <remote-dir> [--keep]');
    process.exit(2);
  }
  const { checks, report, testStatus, tree } = await runStandalone(remoteDir);
  const ok = checks.every((c) => c.problems.length === 0) && report?.success === true && testStatus === 0;
  if (flags.includes('--keep')) console.log(`tree kept: ${tree}`);
  else rmSync(tree, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}
