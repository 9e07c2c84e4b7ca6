#!/usr/bin/env node
// `npm start`: builds whatever has no build yet (production mode, one build at a time), then runs the whole
// product in this one process — the shell with the API under /api on PORT (8080), and every remote that is
// not deployed elsewhere from its own port (8081 + its portOffset in platform/remotes.json), i.e. its own
// origin, as separate deployments would be.
// It lives in its own package so that the shell, a static browser build, carries no server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lib from './lib.cjs';

const { deployedRemotesFile, planRemotes, shellPort } = lib;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
// Both loopback addresses: browsers may resolve `localhost` to ::1 or to 127.0.0.1.
const HOST = process.env.HOST?.trim() || 'localhost';

function fail(message) {
  console.error(`\nnpm start: ${message}`);
  process.exit(1);
}

function build(what, workspace, done) {
  if (existsSync(done)) return;
  console.log(`\n› Building ${what} (no ${path.relative(root, done)} yet): npm run build -w ${workspace}`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail(`building ${what} failed (exit ${result.status ?? result.signal})`);
}

let plan;
let port;
try {
  plan = planRemotes(process.env);
  port = shellPort(process.env);
} catch (error) {
  fail(error.message);
}

// Builds, one at a time: two webpack builds in parallel only fight over the CPU.
build('the API (contracts + server)', '@loupe/server', path.join(root, 'server', 'dist', 'app.js'));
build('the contracts', '@loupe/contracts', path.join(root, 'contracts', 'dist', 'index.js'));
for (const remote of plan.filter((r) => r.local)) {
  build(remote.dir, `@loupe/${remote.dir}`, path.join(root, remote.dir, 'dist', 'mf-manifest.json'));
}
// SHELL_DIST serves a shell build made elsewhere (a release's artefact, another platform version) instead of
// shell/dist, as REMOTE_*_URL does for a remote; it must be a finished build.
const shellDist = process.env.SHELL_DIST?.trim() ? path.resolve(process.env.SHELL_DIST.trim()) : null;
if (shellDist && !existsSync(path.join(shellDist, 'index.html'))) {
  fail(`SHELL_DIST=${shellDist} has no index.html: it is not a shell build`);
}
if (!shellDist) build('the shell', '@loupe/shell', path.join(root, 'shell', 'dist', 'index.html'));

const apiPackage = require('@loupe/server');
const { DemoPasswordInProductionError, loadConfig, loggerOptions, loupeApi, publicSite } = apiPackage;
const { openServedDatabase } = require('./database.cjs');
// After the builds: it loads @loupe/server's build.
const { createRemoteServer, createShellServer } = require('./servers.cjs');

let config;
try {
  // The embedded database lives in ./data at the repository root unless DATA_DIR says otherwise.
  config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') });
} catch (error) {
  fail(error.message);
}

function shellServer(db) {
  return createShellServer({
    dist: shellDist ?? path.join(root, 'shell', 'dist'),
    plan,
    config,
    api: { plugin: loupeApi, options: { db, config } },
    // The storefront, feeds and enquiry form under /store (issue 24), at the root beside the API.
    publicSite: { plugin: publicSite, options: { db, config } },
    logger: loggerOptions(config.logLevel),
    // npm run remote:deploy / remote:rollback switch remotes through this file, without a restart.
    remotesFile: deployedRemotesFile(process.env, config.dataDir),
  }).then((app) => app.addHook('onClose', async () => db.close()));
}

const servers = [];
let stopping = false;

async function stop(signal) {
  if (stopping) {
    console.log('Forced exit.');
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  // The shell's onClose hook closes the database (and releases the data folder's lock).
  const results = await Promise.allSettled(servers.map((server) => server.close()));
  const failed = results.filter((r) => r.status === 'rejected');
  for (const r of failed) console.error(r.reason);
  process.exit(failed.length ? 1 : 0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

let db = null;

async function main() {
  // Before any port opens: in production, nobody may sign in with the password the README publishes.
  db = await openServedDatabase(apiPackage, config);
  const shell = await shellServer(db);
  servers.push(shell);
  // The embedded database's daily automatic backup into BACKUP_DIR (none with PostgreSQL).
  const stopBackups = apiPackage.scheduleDailyBackups(db, config, console);
  shell.addHook('preClose', async () => stopBackups());
  // The embedded database's VACUUM and ANALYZE at start and every PGLITE_MAINTENANCE_SECONDS (none with PostgreSQL).
  const stopMaintenance = apiPackage.scheduleMaintenance(db, config, console);
  shell.addHook('preClose', async () => stopMaintenance());
  // Signed audit checkpoints at start and daily (server/src/db/audit-checkpoints.ts).
  const stopCheckpoints = apiPackage.scheduleCheckpoints(db, config, console);
  shell.addHook('preClose', async () => stopCheckpoints());
  for (const remote of plan.filter((r) => r.local)) {
    const server = await createRemoteServer({ dist: path.join(root, remote.dir, 'dist'), config });
    servers.push(server);
    await server.listen({ host: HOST, port: remote.port });
  }
  await shell.listen({ host: HOST, port });

  const lines = ['', `Loupe is running: http://localhost:${port}`, `  API:     http://localhost:${port}/api`];
  for (const remote of plan) {
    lines.push(
      `  ${remote.dir.padEnd(17)} ${remote.local ? `http://localhost:${remote.port}` : `${remote.url} (external)`}`,
    );
  }
  lines.push(`  database: ${db.description ?? (config.databaseUrl ? 'PostgreSQL' : config.dataDir)}`);
  if (config.production) lines.push('  mode:     NODE_ENV=production');
  if (config.demo) {
    lines.push(
      '',
      'Demo sign-in: platinum, gold or silver — password loupe-demo-2026 (LOUPE_DEMO=0 starts without them)',
    );
  }
  lines.push('Ctrl-C stops everything.', '');
  console.log(lines.join('\n'));
}

function failure(error) {
  if (error?.code === 'EADDRINUSE') return `port in use (${error.message})`;
  // A refusal the operator acts on: the message says what to do, a stack trace would only bury it.
  if (error instanceof DemoPasswordInProductionError) return error.message;
  // A file key that does not open the stored files (server/src/kernel/file-crypto.ts): its advice is the point.
  if (error?.name === 'WrongFileKeyError') return error.message;
  return error?.stack ?? error;
}

main().catch(async (error) => {
  console.error(`\nnpm start: ${failure(error)}`);
  await Promise.allSettled(servers.map((server) => server.close()));
  // Not yet owned by the shell server (it failed before its onClose hook existed): close it here.
  if (db && servers.length === 0) await db.close().catch(() => undefined);
  process.exit(1);
});
