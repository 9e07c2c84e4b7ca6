#!/usr/bin/env node
// Issue 26, goal 2: one API instance on PostgreSQL answering the stock list page of 25 ("Inventory - Watches",
// page 1, as the browser asks for it: signed in, brotli/gzip accepted) to 50 connections at once (autocannon).
// The server runs in a process of its own, so the load generator never shares its event loop.
//   TEST_DATABASE_URL or DATABASE_URL (required: a scratch schema is made in it and dropped afterwards)
//   BENCH_ITEMS (default 10000), BENCH_CONNECTIONS (default 50), BENCH_SECONDS (default 10, in 1 s rounds),
//   BENCH_WARMUP_REQUESTS (default 50,000: each server is served alone until it has answered that many, and the
//   figures leave them out: bench-support's warmUp)
//   BENCH_PROFILE=<folder>: the server writes a V8 CPU profile there (node --cpu-prof); summarise it with
//     `node scripts/bench-profile-top.mjs <file>.cpuprofile`
//   BENCH_PERF=<folder>: Linux `perf record` of the current build's server during the measured rounds, every
//     thread, its JavaScript named through V8's jitdump: summarise it with
//     `node scripts/bench-perf-top.mjs <folder>/stock-page/jitted.perf.data`
//   BENCH_COMPARE=<dist folder>: a second server built from other code (e.g. a copy of dist/ taken before a
//     change) runs beside this one, in turns, on the same data, so that a busy neighbour weighs on both alike.
//   BENCH_DIST=<dist folder>: measure that build instead of dist/ (which is then neither built nor used).
//   BENCH_WRITES_PER_SECOND (default 0): another connection commits that many item updates a second while the
//     rounds are measured (startWriter): what the page cache's misses cost on a shop that is writing.
// Beside them, in the same turns, a bare Fastify route answers the page's own bytes (its headers and its brotli
// body as the current build served them, no session, no PostgreSQL): what the wire, the kernel and the load
// generator cost for that answer on this machine at that moment. A figure taken on another day compares through
// it, not in req/s alone (the same build's rate moved by half from one day to the next).
// Goal: ≥ 1,000 req/s with p99 ≤ 100 ms.
import { spawn, execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import {
  CONNECTION_HEADERS,
  PERF_NODE_FLAGS,
  UNLIMITED,
  inTurn,
  perfFolderOf,
  perfRecord,
  procCpu,
  seedStock,
  serveUntilParentEnds,
  signIn,
  warmUp,
} from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE = '/api/items/?stock_type=Watches&status=available,checked_out,unavailable&page_size=25';
/** What Chromium sends. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null where unreadable. */
function cpuSeconds(pid) {
  const cpu = procCpu(`/proc/${pid}/stat`);
  return cpu === null ? null : (cpu.user + cpu.system) / 1e6;
}

/** CPU seconds so far of a target's server process and of its PostgreSQL backends (local PostgreSQL only). */
async function cpuOf(admin, target) {
  const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
    target.applicationName,
  ]);
  const backends = new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  return { server: cpuSeconds(target.child.pid), backends };
}

/**
 * cpuOf for each target, one after the other: one pg client runs one query at a time (several at once on it is
 * deprecated in pg 8 and an error in pg 9).
 */
async function cpuOfAll(admin, targets) {
  const all = [];
  for (const target of targets) all.push(await cpuOf(admin, target));
  return all;
}

function serverEnv(databaseUrl, dataDir) {
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOUPE_DEMO: '1', LOG_LEVEL: 'silent', ...UNLIMITED };
}

/** In the child: the app from `dist`, on the schema the parent seeded, listening on loopback. */
async function serve(dist) {
  const { buildApp, loadConfig, openDatabase } = require(path.join(dist, 'app.js'));
  const config = loadConfig({ ...process.env });
  const db = await openDatabase(config);
  const app = await buildApp({ db, config, logger: false });
  const cookie = await signIn(app);
  await serveUntilParentEnds(app, (address) => ({ url: `${address}${PAGE}`, cookie }), {
    cleanup: () => db.close(),
  });
}

/**
 * In the child: a bare Fastify route answering, byte for byte, what the stock page answered (BENCH_SAME_BYTES:
 * its headers and its body as base64, still compressed), whatever the request.
 */
async function serveSameBytes() {
  const Fastify = require('fastify');
  const { headers, body } = JSON.parse(process.env.BENCH_SAME_BYTES);
  const bytes = Buffer.from(body, 'base64');
  const app = Fastify({ logger: false });
  app.get('/bare/', (_request, reply) => {
    reply.headers(headers).send(bytes);
  });
  await serveUntilParentEnds(app, (address) => ({ url: `${address}/bare/`, cookie: '' }));
}

/** One answer of a target as it went on the wire: its headers (but the connection's) and its body undecoded. */
function rawAnswerOf(target) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      target.url,
      { headers: { cookie: target.cookie, 'accept-encoding': ACCEPT_ENCODING } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`${target.url}: ${response.statusCode}`));
            return;
          }
          const headers = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!CONNECTION_HEADERS.includes(name)) headers[name] = value;
          }
          resolve(JSON.stringify({ headers, body: Buffer.concat(chunks).toString('base64') }));
        });
      },
    );
    request.on('error', reject);
  });
}

async function startTarget(name, dist, env) {
  const profile = process.env.BENCH_PROFILE;
  const flags = profile
    ? [
        '--cpu-prof',
        '--cpu-prof-dir',
        path.resolve(profile),
        '--cpu-prof-name',
        `stock-page-${name}.cpuprofile`,
      ]
    : [];
  // Its own application_name, so that its PostgreSQL backends (and their CPU) can be told apart.
  const applicationName = `loupe-bench-${name}-${process.pid}`;
  const url = new URL(env.DATABASE_URL);
  url.searchParams.set('application_name', applicationName);
  const serveArgs = dist === null ? ['--serve-same-bytes'] : ['--serve', dist];
  // BENCH_PERF: the current build's server, recorded during the measured rounds (bench-support's perfRecord).
  const perf =
    process.env.BENCH_PERF && name === 'current' ? perfFolderOf(process.env.BENCH_PERF, 'stock-page') : null;
  const nodeFlags = [...flags, ...(perf ? PERF_NODE_FLAGS : [])];
  const child = spawn(process.execPath, [...nodeFlags, fileURLToPath(import.meta.url), ...serveArgs], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env, DATABASE_URL: url.toString() },
    ...(perf ? { cwd: perf } : {}),
  });
  const line = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${name} server exited with code ${code}`)));
  });
  const target = { name, child, applicationName, ...JSON.parse(line) };
  if (perf) target.perf = await perfRecord(child.pid, path.join(perf, 'perf.data'));
  return target;
}

function run(target, duration) {
  const autocannon = require('autocannon');
  const headers = { cookie: target.cookie, 'accept-encoding': ACCEPT_ENCODING };
  return autocannon({ url: target.url, connections, headers, duration }).then((result) => {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    return result;
  });
}

/**
 * BENCH_WRITES_PER_SECOND (default 0): commits made meanwhile by another connection, as a busy shop's sales, edits
 * and sign-ins are: each touches one item of the page's shop (`location` set to itself, a real update). Every
 * commit makes the next request of a kept page read it again (kernel/snapshot-cache.ts); this shows what that
 * costs. The writes go on during every target's rounds alike.
 */
async function startWriter(databaseUrl) {
  const perSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 0);
  if (!(perSecond > 0)) return null;
  const { Client } = require('pg');
  const client = new Client({ connectionString: databaseUrl });
  // A write that fails (the connection lost, a lock timeout) is counted and named in the bench's line, not left
  // to end the process as an unhandled rejection or an unhandled 'error' event midway through the rounds.
  const failures = { count: 0, last: '' };
  const failed = (error) => {
    failures.count += 1;
    failures.last = error.message;
  };
  client.on('error', failed);
  await client.connect();
  const { rows } = await client.query('SELECT min(id) AS lo, max(id) AS hi FROM items');
  const { lo, hi } = rows[0];
  let commits = 0;
  let busy = false;
  const started = Date.now();
  const timer = setInterval(() => {
    if (busy) return; // one at a time: a slow commit is not stacked on
    busy = true;
    const id = lo + Math.floor(Math.random() * (hi - lo + 1));
    client
      .query('UPDATE items SET location = location WHERE id = $1', [id])
      .then(() => (commits += 1), failed)
      .finally(() => (busy = false));
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 5));
      await client.end().catch(failed);
      const rate = commits / ((Date.now() - started) / 1000);
      const lost = failures.count > 0 ? `; ${failures.count} FAILED (last: ${failures.last})` : '';
      return `writes meanwhile: ${commits} commits, ${rate.toFixed(1)} a second (asked ${perSecond})${lost}`;
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) {
    console.log('Stock page benchmark: PostgreSQL only; set TEST_DATABASE_URL (a scratch schema is used).');
    return;
  }
  if (!process.env.BENCH_DIST) {
    execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  }
  const dists = { current: path.resolve(process.env.BENCH_DIST ?? path.join(here, '..', 'dist')) };
  // The same build with its stock page cache off (kernel/snapshot-cache.ts): every page read from PostgreSQL, as
  // every build before that cache did.
  dists.uncached = dists.current;
  if (process.env.BENCH_COMPARE) dists.compare = path.resolve(process.env.BENCH_COMPARE);
  const labels = { ...dists, uncached: `${dists.current}, STOCK_PAGE_CACHE_ENTRIES=0` };
  console.log(
    `Stock page benchmark: GET ${PAGE} (signed in, Accept-Encoding: ${ACCEPT_ENCODING}), ${connections} ` +
      `connections, ${seconds} s per server in 1 s rounds, ${ITEMS.toLocaleString('en-GB')} items, PostgreSQL, ` +
      `${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const { Client } = require('pg');
  const schema = `loupe_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-page-'));
  const targets = [];
  try {
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = serverEnv(url.toString(), dataDir);
    {
      const { loadConfig, openDatabase } = require(path.join(dists.current, 'app.js'));
      const db = await openDatabase(loadConfig({ ...process.env, ...env }));
      try {
        const shop = await db.query("SELECT id FROM shops WHERE name = 'Loupe Demo'");
        const user = await db.query("SELECT id FROM users WHERE username = 'platinum'");
        const { seconds: seeded } = await seedStock(db, shop[0].id, user[0].id, ITEMS);
        console.log(`seeded in ${seeded.toFixed(1)} s`);
      } finally {
        await db.close();
      }
    }
    for (const [name, dist] of Object.entries(dists)) {
      targets.push(
        await startTarget(name, dist, name === 'uncached' ? { ...env, STOCK_PAGE_CACHE_ENTRIES: '0' } : env),
      );
    }
    const sameBytes = await rawAnswerOf(targets[0]);
    targets.push(await startTarget('bare', null, { ...env, BENCH_SAME_BYTES: sameBytes }));
    const pageBytes = Buffer.from(JSON.parse(sameBytes).body, 'base64').length;
    labels.bare = `a bare Fastify route sending the page's ${pageBytes} bytes`;
    // Warm-up: the JIT, pools, PostgreSQL's caches and plans.
    for (const target of targets) {
      const warmed = await warmUp(async () => {
        const before = cpuSeconds(target.child.pid);
        const round = await run(target, 1);
        const after = cpuSeconds(target.child.pid);
        const cpuMicros = before === null || after === null ? null : (after - before) * 1e6;
        return { requests: round.requests.total, cpuMicros };
      });
      console.log(`warm-up, ${target.name}: ${warmed}`);
    }
    const rounds = Object.fromEntries(targets.map((t) => [t.name, []]));
    const writer = await startWriter(url.toString());
    const cpuBefore = await cpuOfAll(admin, targets);
    for (let i = 0; i < seconds; i += 1) {
      for (const target of inTurn(targets, i)) {
        await target.perf?.enable();
        rounds[target.name].push(await run(target, 1));
        await target.perf?.disable();
      }
    }
    const cpuAfter = await cpuOfAll(admin, targets);
    if (writer) console.log(await writer.stop());
    const rates = {};
    for (const [index, target] of targets.entries()) {
      const results = rounds[target.name];
      const total = results.reduce((sum, r) => sum + r.requests.total, 0);
      const rps = total / results.reduce((sum, r) => sum + r.duration, 0);
      const p50 = median(results.map((r) => r.latency.p50));
      const p99 = median(results.map((r) => r.latency.p99));
      const ok = rps >= 1000 && p99 <= 100;
      rates[target.name] = rps;
      const verdict =
        target.name === 'bare'
          ? 'baseline: no Loupe, no PostgreSQL)'
          : `goal ≥ 1000 req/s, p99 ≤ 100 ms) ${ok ? 'OK' : 'BELOW GOAL'}`;
      console.log(
        `${`${target.name} (${labels[target.name]})`.padEnd(44)} ${rps.toFixed(0).padStart(6)} req/s   ` +
          `p50 ${String(p50).padStart(3)} ms   p99 ${String(p99).padStart(3)} ms   (${total} requests; ` +
          verdict,
      );
      // CPU time per request: steadier than req/s on a machine others share (their load lowers the rate,
      // hardly the cost). A backend that left during the rounds is not counted.
      const before = cpuBefore[index];
      const after = cpuAfter[index];
      if (before.server !== null && after.server !== null) {
        let pg = 0;
        for (const [pid, seconds] of after.backends) {
          if (seconds !== null) pg += seconds - (before.backends.get(pid) ?? 0);
        }
        const ms = (cpuSeconds) => ((1000 * cpuSeconds) / total).toFixed(2);
        console.log(
          target.name === 'bare'
            ? `${''.padEnd(44)} CPU per request: server ${ms(after.server - before.server)} ms`
            : `${''.padEnd(44)} CPU per request: API ${ms(after.server - before.server)} ms, ` +
                `PostgreSQL ${ms(pg)} ms (${after.backends.size} backends)`,
        );
      }
    }
    // The stock page's rate as a share of what this machine served for the same bytes with nothing behind them.
    console.log(
      `stock page / bare route with its bytes: ${(rates.current / rates.bare).toFixed(2)}` +
        `; with the cache off: ${(rates.uncached / rates.bare).toFixed(2)}` +
        (rates.compare ? `; the compared build: ${(rates.compare / rates.bare).toFixed(2)}` : ''),
    );
  } finally {
    for (const target of targets) {
      target.child.stdin.end();
      await new Promise((resolve) => target.child.once('exit', resolve));
      // perf record -p ends with its process, and writes its file.
      await target.perf?.done;
    }
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.file-key`, { force: true }); // the file key generated beside the data folder
  }
}

if (process.argv[2] === '--serve' || process.argv[2] === '--serve-same-bytes') {
  (process.argv[2] === '--serve' ? serve(process.argv[3]) : serveSameBytes()).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
