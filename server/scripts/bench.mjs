#!/usr/bin/env node
// `npm run bench -w @loupe/server`: requests/s and p50/p99 latency of a signed-in GET /auth-check/ (session →
// user → membership → shop in one query, on a throwaway embedded database unless DATABASE_URL is set) against
// a bare Fastify route, on loopback, in the same run. Each server runs in its own process so that the load
// generator (this process) never shares an event loop with what it measures.
//   BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { UNLIMITED, signIn } from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function serve(kind) {
  const Fastify = require('fastify');
  let app;
  let cookie = '';
  let cleanup = async () => {};
  if (kind === 'bare') {
    app = Fastify({ logger: false });
    app.get('/bare/', async () => ({ user: null, role: null, shop: null }));
  } else {
    const { buildApp, loadConfig, openDatabase } = require('../dist/app.js');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-'));
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOUPE_DEMO: '1',
      LOG_LEVEL: 'silent',
      ...UNLIMITED,
    });
    const db = await openDatabase(config);
    app = await buildApp({ db, config, logger: false });
    cleanup = async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    // Signed in as the demo owner, the way a browser does.
    cookie = await signIn(app);
  }
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(
    `${JSON.stringify({ url: `${address}${kind === 'bare' ? '/bare/' : '/auth-check/'}`, cookie })}\n`,
  );
  const stop = async () => {
    await app.close();
    await cleanup();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

async function startTarget(kind) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', kind], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with code ${code}`)));
  });
  return { child, ...JSON.parse(line) };
}

function run(target, duration) {
  const autocannon = require('autocannon');
  const headers = target.cookie ? { cookie: target.cookie } : {};
  return autocannon({ url: target.url, connections, headers, duration }).then((result) => {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    return result;
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  console.log(
    `Benchmark: ${connections} connections, ${seconds} s per target in 1 s rounds taken in turns, loopback, ` +
      `${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const targets = { loupe: await startTarget('loupe'), bare: await startTarget('bare') };
  try {
    // Warm-up: JIT, connection pools, the database's caches.
    for (const target of Object.values(targets)) await run(target, 1);
    // Rounds in turns, so that a busy neighbour on a shared machine weighs on both alike.
    const rounds = { loupe: [], bare: [] };
    for (let i = 0; i < seconds; i += 1) {
      for (const kind of ['loupe', 'bare']) rounds[kind].push(await run(targets[kind], 1));
    }
    const summary = (results) => ({
      rps:
        results.reduce((sum, r) => sum + r.requests.total, 0) /
        results.reduce((sum, r) => sum + r.duration, 0),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      total: results.reduce((sum, r) => sum + r.requests.total, 0),
    });
    const loupe = summary(rounds.loupe);
    const bare = summary(rounds.bare);
    const row = (name, r) =>
      `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(9)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (${r.total} requests)`;
    console.log(row('GET /auth-check/ (signed in)', loupe));
    console.log(row('bare Fastify route', bare));
    const ratio = loupe.rps / bare.rps;
    console.log(
      `ratio auth-check / bare: ${ratio.toFixed(2)} (goal ≥ 0.8, issue 26) ${ratio >= 0.8 ? 'OK' : 'BELOW GOAL'}`,
    );
    if (process.env.DATABASE_URL) {
      // Issue 26's second figure: PostgreSQL, 50 connections (BENCH_CONNECTIONS=50).
      console.log(
        `auth-check on PostgreSQL at ${connections} connections: ${loupe.rps.toFixed(0)} req/s ` +
          `(goal ≥ 5000 at 50 connections) ${loupe.rps >= 5000 ? 'OK' : 'BELOW GOAL'}`,
      );
    }
  } finally {
    for (const target of Object.values(targets)) {
      target.child.stdin.end();
      await new Promise((resolve) => target.child.once('exit', resolve));
    }
  }
}

if (process.argv[2] === '--serve') {
  serve(process.argv[3]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
