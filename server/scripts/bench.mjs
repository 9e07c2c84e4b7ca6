#!/usr/bin/env node
// `npm run bench -w @loupe/server`: requests/s and p50/p99 latency of a signed-in GET /auth-check/ (session →
// user → membership → shop in one query, on a throwaway embedded database unless DATABASE_URL is set) against
// a bare Fastify route, on loopback, in the same run. Each server runs in its own process so that the load
// generator (this process) never shares an event loop with what it measures. A third server, a bare route that
// answers auth-check's own headers and body byte for byte, shows how much of the gap is the answer's size
// (its ~1 KB of security headers cost the wire and the load generator, which share the cores) and how much is
// Loupe's code; each server's CPU per request is printed too, steadier than req/s on a shared machine. A fourth,
// the same route doing the least a signed-in request must do (leastWorkApp: the session cookie, its key's hash,
// the session, two request limits) in one hook, shows how far the goal is within reach of that work.
//   BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10), BENCH_WARMUP_REQUESTS (default 50,000: each
//     target is served alone until it has answered that many, and its figures leave them out: bench-support's
//     warmUp)
//   BENCH_PROFILE=<folder>: the signed-in and bare servers write V8 CPU profiles there (auth-check.cpuprofile,
//     bare.cpuprofile), from the end of the warm-up to the last request; summarise one with
//     `node scripts/bench-profile-top.mjs <folder>/auth-check.cpuprofile` (docs/perf/auth-check-profile.md)
//   BENCH_PERF=<folder>: Linux `perf record` of the signed-in and bare servers, switched on during each one's
//     measured rounds only and covering every thread, their JavaScript named through V8's jitdump (node
//     --perf-prof, `perf inject --jit`): <folder>/auth-check/jitted.perf.data and <folder>/bare/…; summarise one
//     with `node scripts/bench-perf-top.mjs <folder>/auth-check/jitted.perf.data` (needs perf: apt-get install
//     linux-perf)
//   BENCH_COMPARE=<dist folder>: a second signed-in server built from other code (e.g. a copy of dist/ taken
//     before a change) is measured in the same turns, so that a busy neighbour weighs on all alike.
//   BENCH_DIST=<dist folder>: measure that build instead of dist/ (which is then neither built nor used).
//   BENCH_RATE=<requests a second>: every target gets that many, no more (autocannon's overallRate), so that the
//     servers' CPU per request compares at the same load; under saturation it also swings with the throughput
//     a busy neighbour leaves each target (fewer requests per event-loop turn cost more each).
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
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
  serveUntilParentEnds,
  warmUp,
} from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rate = Number(process.env.BENCH_RATE ?? 0);

/**
 * The CPU of this process's main thread and of its other threads (V8's workers, libuv's pool) so far, user and
 * system apart, in µs (bench-support's procCpu of each /proc/self/task/<tid>/stat, 10 ms ticks). Null where
 * /proc cannot be read. process.cpuUsage() sums every thread, so a figure above one core a request cannot say
 * which thread spent it; this can.
 */
function threadCpu() {
  const byThread = {};
  let tids;
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  for (const tid of tids) {
    const spent = procCpu(`/proc/self/task/${tid}/stat`);
    if (spent === null) return null;
    // Node 20 names every thread "node": V8's workers (its concurrent compiler and collector) and libuv's
    // pool are told apart from the main thread only.
    const cpu = (byThread[Number(tid) === process.pid ? 'main' : 'other threads'] ??= { user: 0, system: 0 });
    cpu.user += spent.user;
    cpu.system += spent.system;
  }
  return byThread;
}

/** `after` minus `before`, thread by thread (a thread born in between counts from zero). */
function threadCpuSince(before, after) {
  if (!before || !after) return null;
  return Object.fromEntries(
    Object.entries(after).map(([name, cpu]) => [
      name,
      { user: cpu.user - (before[name]?.user ?? 0), system: cpu.system - (before[name]?.system ?? 0) },
    ]),
  );
}

/**
 * What a signed-in request cannot do without, on a bare Fastify route in one hook, written as lean as it goes:
 * read the session cookie out of the Cookie header, hash its key (sessions are stored by the key's SHA-256, as
 * Loupe's are), find the session in a Map and check that it has not expired, count the request against the
 * flood limit of its address and the limit of its session, then answer auth-check's own headers and body. It is
 * a yardstick, not a server: no CSRF, no host or address check, no 405, no compression negotiation, no error
 * handling. How close Loupe could come to the bare route with the same work done as lean as this.
 */
function leastWorkApp(app, { headers, body, cookie }) {
  const { hash } = require('node:crypto');
  const { SESSION_COOKIE } = require('@loupe/contracts');
  const key = cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    .slice(SESSION_COOKIE.length + 1);
  const sessions = new Map([[hash('sha256', key, 'hex'), { expires: Date.now() + 3_600_000, body }]]);
  const flood = new Map();
  const perSession = new Map();
  const count = (limit, of, now) => {
    const counter = limit.get(of);
    if (!counter || counter.reset <= now) limit.set(of, { count: 1, reset: now + 60_000 });
    else counter.count += 1;
  };
  app.decorateRequest('session', null);
  app.addHook('onRequest', (request, reply, done) => {
    const cookies = request.headers.cookie ?? '';
    const at = cookies.indexOf(`${SESSION_COOKIE}=`);
    const end = at < 0 ? -1 : cookies.indexOf(';', at);
    const value = at < 0 ? '' : cookies.slice(at + SESSION_COOKIE.length + 1, end < 0 ? undefined : end);
    const hashed = hash('sha256', value, 'hex');
    const session = sessions.get(hashed);
    const now = Date.now();
    if (!session || session.expires <= now) return void reply.code(401).send({ detail: 'Not signed in.' });
    count(flood, request.ip, now);
    count(perSession, hashed, now);
    request.session = session;
    done();
  });
  app.get('/bare/', (request, reply) => {
    reply.headers(headers).type('application/json; charset=utf-8').send(request.session.body);
  });
}

async function serve(kind, dist) {
  const Fastify = require('fastify');
  let app;
  let cleanup = async () => {};
  if (kind === 'bare') {
    app = Fastify({ logger: false });
    app.get('/bare/', async () => ({ user: null, role: null, shop: null }));
  } else if (kind === 'least-work') {
    leastWorkApp((app = Fastify({ logger: false })), JSON.parse(process.env.BENCH_SAME_BYTES));
  } else if (kind === 'same-bytes') {
    // A bare route answering, byte for byte, what the signed-in /auth-check/ answered (its headers and body,
    // given as JSON in BENCH_SAME_BYTES): what the wire and the load generator cost for an answer that size.
    const { headers, body } = JSON.parse(process.env.BENCH_SAME_BYTES);
    app = Fastify({ logger: false });
    app.get('/bare/', (_request, reply) => {
      reply.headers(headers).type('application/json; charset=utf-8').send(body);
    });
  } else {
    const { buildApp, loadConfig, openDatabase } = require(path.resolve(here, dist || '../dist', 'app.js'));
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
      // The development file key made beside the data folder (no LOUPE_FILE_KEY set).
      rmSync(`${dataDir}.file-key`, { force: true });
    };
  }
  // The profile covers the measured rounds only, not the start-up's migrations and compiling nor the warm-up.
  const profileFile = process.env.BENCH_PROFILE_FILE;
  let session = null;
  // The CPU this server uses during its own rounds only (main says when each begins and ends): what a busy
  // neighbour cannot inflate as much as it does the requests a second; main divides it by the requests it sent.
  // Counting from its first request to its last instead charged it with whatever it did while the other
  // targets had their turns (its timers, the collector finishing up), which for a bigger process was several
  // µs a request.
  let cpuMicros = 0;
  let roundStart = null;
  let threadsAtStart = null;
  /** By thread, user and system apart, during the rounds (µs). */
  const threads = {};
  createInterface({ input: process.stdin }).on('line', async (line) => {
    let answer = {};
    if (line === 'begin') {
      roundStart = process.cpuUsage();
      threadsAtStart = threadCpu();
    } else if (line === 'end' && roundStart) {
      const cpu = process.cpuUsage(roundStart);
      cpuMicros += cpu.user + cpu.system;
      for (const [name, spent] of Object.entries(threadCpuSince(threadsAtStart, threadCpu()) ?? {})) {
        const sum = (threads[name] ??= { user: 0, system: 0 });
        sum.user += spent.user;
        sum.system += spent.system;
      }
      roundStart = null;
      answer = { cpuMicros: cpu.user + cpu.system };
    } else if (line === 'warm') {
      // The warm-up is over: what it spent is not counted, and the profile covers the measured rounds only.
      cpuMicros = 0;
      for (const name of Object.keys(threads)) delete threads[name];
      if (profileFile) {
        session = new inspector.Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  });
  await serveUntilParentEnds(
    app,
    (address) => ({ url: `${address}${kind === 'loupe' ? '/auth-check/' : '/bare/'}` }),
    {
      async beforeClose() {
        process.stdout.write(`${JSON.stringify({ cpuMicros, threads })}\n`);
        if (session) {
          const { profile } = await session.post('Profiler.stop');
          mkdirSync(path.dirname(profileFile), { recursive: true });
          writeFileSync(profileFile, JSON.stringify(profile));
        }
      },
      cleanup,
    },
  );
}

async function startTarget(kind, { dist, profile, perf, env = {} } = {}) {
  const serves = ['bare', 'same-bytes', 'least-work'].includes(kind) ? kind : 'loupe';
  const perfFolder = perf ? perfFolderOf(perf, kind) : null;
  const args = [...(perf ? PERF_NODE_FLAGS : []), fileURLToPath(import.meta.url), '--serve', serves];
  const child = spawn(process.execPath, [...args, dist ? path.resolve(dist) : ''], {
    stdio: ['pipe', 'pipe', 'inherit'],
    ...(perfFolder ? { cwd: perfFolder } : {}),
    env: {
      ...process.env,
      ...env,
      ...(profile ? { BENCH_PROFILE_FILE: path.resolve(profile, `${kind}.cpuprofile`) } : {}),
    },
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`${kind} server exited with code ${code}`))),
  );
  exited.catch(() => undefined);
  const line = await Promise.race([lines.next(), exited]);
  const target = { child, lines, requests: 0, cookie: '', ...JSON.parse(line.value) };
  if (serves === 'loupe') target.cookie = await signInOverHttp(new URL(target.url).origin);
  if (perfFolder) target.perf = await perfRecord(child.pid, path.join(perfFolder, 'perf.data'));
  return target;
}

/**
 * Signs in as the demo owner over HTTP, from this process, the way a browser does (the CSRF cookie, then the
 * token call), and returns the Cookie header: the measured process serves nothing but real HTTP requests, as
 * in production (app.inject() in the server's process ran light-my-request's objects through the same hooks and
 * Node's http code first; side by side it made no measurable difference to /auth-check/ itself).
 */
async function signInOverHttp(origin, username = 'platinum', password = 'loupe-demo-2026') {
  const cookiesOf = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const csrf = await fetch(`${origin}/csrf/`);
  const csrfCookie = cookiesOf(csrf).find((cookie) => cookie.startsWith('csrftoken='));
  const token = csrfCookie.slice('csrftoken='.length);
  const response = await fetch(`${origin}/token/`, {
    method: 'POST',
    headers: { cookie: csrfCookie, 'x-csrftoken': token, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${await response.text()}`);
  return cookiesOf(response).join('; ');
}

/**
 * Tells a target's server that a round begins or ends (it counts its CPU during its rounds only), or that its
 * warm-up is over ('warm'); resolves to its answer (for 'end': the round's CPU, in µs). perf, when on, samples
 * the measured rounds only.
 */
async function mark(target, what) {
  if (what === 'end') await target.perf?.disable();
  target.child.stdin.write(`${what}\n`);
  const answer = JSON.parse((await target.lines.next()).value);
  if (what === 'begin' && target.warm) await target.perf?.enable();
  return answer;
}

/** One round of `duration` s on `target`; the result carries the server's CPU in that round (`serverCpu`, µs). */
async function run(target, duration) {
  const autocannon = require('autocannon');
  await mark(target, 'begin');
  const headers = target.cookie ? { cookie: target.cookie } : {};
  const overallRate = rate > 0 ? { overallRate: rate } : {};
  return autocannon({ url: target.url, connections, headers, duration, ...overallRate }).then(
    async (result) => {
      const { cpuMicros } = await mark(target, 'end');
      target.requests += result.requests.total;
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      return { ...result, serverCpu: cpuMicros };
    },
  );
}

/** One answer of the target: its headers (but those of the connection) and body, as JSON. */
async function answerOf(target) {
  const response = await fetch(target.url, { headers: { cookie: target.cookie } });
  const body = await response.text();
  const headers = {};
  for (const [name, value] of response.headers) {
    // Its content type goes with .type() on the bare route.
    if (!CONNECTION_HEADERS.includes(name) && name !== 'content-type') headers[name] = value;
  }
  return JSON.stringify({ headers, body });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dist = process.env.BENCH_DIST;
  if (!dist) execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  console.log(
    `Benchmark: ${connections} connections, ${seconds} s per target in 1 s rounds taken in turns, loopback, ` +
      `${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const [profile, perf] = [process.env.BENCH_PROFILE, process.env.BENCH_PERF];
  const targets = { loupe: await startTarget('auth-check', { dist, profile, perf }) };
  if (process.env.BENCH_COMPARE)
    targets.compare = await startTarget('compare', { dist: process.env.BENCH_COMPARE });
  targets.bare = await startTarget('bare', { profile, perf });
  const answer = await answerOf(targets.loupe);
  targets.sameBytes = await startTarget('same-bytes', { env: { BENCH_SAME_BYTES: answer } });
  // The yardstick gets the signed-in session's cookie with auth-check's answer, and sends it as Loupe's does.
  const { headers, body } = JSON.parse(answer);
  targets.leastWork = await startTarget('least-work', {
    env: { BENCH_SAME_BYTES: JSON.stringify({ headers, body, cookie: targets.loupe.cookie }) },
  });
  targets.leastWork.cookie = targets.loupe.cookie;
  // BENCH_COMPARE's server is asked the same question once, so both signed-in servers have the same history
  // before their warm-up: with that one request (fetch's headers, Accept-Encoding among them) made of the first
  // server only, the first cost 15-21% more a request than the second in four runs of one build against itself
  // (either build first); asked of both, they were within 1% of each other in four runs of six, and 16-18%
  // apart in two, once each way: what is left is a process's own regime, not its history.
  if (targets.compare) await answerOf(targets.compare);
  const rounds = Object.fromEntries(Object.keys(targets).map((kind) => [kind, []]));
  try {
    // Warm-up: the JIT, connection pools, the database's caches.
    for (const [kind, target] of Object.entries(targets)) {
      const warmed = await warmUp(async () => {
        const round = await run(target, 1);
        return { requests: round.requests.total, cpuMicros: round.serverCpu };
      });
      // What the warm-up cost is forgotten, and a profile starts now.
      await mark(target, 'warm');
      target.requests = 0;
      target.warm = true;
      console.log(`warm-up, ${kind}: ${warmed}`);
    }
    // Rounds in turns, so that a busy neighbour on a shared machine weighs on all alike, each round starting with
    // the next target (bench-support's inTurn).
    for (let i = 0; i < seconds; i += 1) {
      for (const kind of inTurn(Object.keys(targets), i)) rounds[kind].push(await run(targets[kind], 1));
    }
  } finally {
    for (const target of Object.values(targets)) {
      target.child.stdin.end();
      const line = await target.lines.next();
      const spent = line.done ? { cpuMicros: NaN, threads: {} } : JSON.parse(line.value);
      target.cpuMicros = spent.cpuMicros;
      target.threads = spent.threads;
      await new Promise((resolve) =>
        target.child.exitCode !== null ? resolve() : target.child.once('exit', resolve),
      );
      // perf record -p ends with its process, and writes its file.
      await target.perf?.done;
    }
  }
  const summary = (kind) => {
    const results = rounds[kind];
    return {
      rps:
        results.reduce((sum, r) => sum + r.requests.total, 0) /
        results.reduce((sum, r) => sum + r.duration, 0),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      total: results.reduce((sum, r) => sum + r.requests.total, 0),
      // Server CPU per request, warm-up left out: steadier than req/s when neighbours share the cores.
      cpu: targets[kind].cpuMicros / targets[kind].requests,
    };
  };
  /** Where a target's CPU went, a request: its main thread (user, system) and its other threads. */
  const byThread = (kind) => {
    const perRequest = (micros) => (micros / targets[kind].requests).toFixed(1);
    const entries = Object.entries(targets[kind].threads ?? {});
    const main = entries.find(([name]) => name === 'main')?.[1];
    if (!main) return '';
    const others = entries
      .filter(([name, cpu]) => name !== 'main' && cpu.user + cpu.system > 0)
      .map(([name, cpu]) => `${name} ${perRequest(cpu.user + cpu.system)}`);
    return (
      `${''.padEnd(36)}by thread, µs/request (10 ms ticks): main ${perRequest(main.user + main.system)} ` +
      `(user ${perRequest(main.user)}, system ${perRequest(main.system)})` +
      (others.length > 0 ? `; ${others.join(', ')}` : '')
    );
  };
  const row = (name, r) =>
    `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(9)} req/s   p50 ${String(r.p50).padStart(3)} ms   ` +
    `p99 ${String(r.p99).padStart(3)} ms   server CPU ${r.cpu.toFixed(1).padStart(5)} µs/request   (${r.total} requests)`;
  const loupe = summary('loupe');
  const bare = summary('bare');
  const sameBytes = summary('sameBytes');
  console.log(row('GET /auth-check/ (signed in)', loupe));
  console.log(byThread('loupe'));
  if (rounds.compare) {
    const compare = summary('compare');
    console.log(row(`  the same, BENCH_COMPARE's build`, compare));
    console.log(byThread('compare'));
    console.log(`  that build / bare: ${(compare.rps / bare.rps).toFixed(2)}`);
  }
  console.log(row('bare Fastify route', bare));
  console.log(byThread('bare'));
  console.log(row('bare route, auth-check’s bytes', sameBytes));
  console.log(byThread('sameBytes'));
  const leastWork = summary('leastWork');
  console.log(row('bare route, least signed-in work', leastWork));
  console.log(byThread('leastWork'));
  const ratio = loupe.rps / bare.rps;
  if (rate > 0) {
    // Every target was sent the same fixed rate: their req/s are equal by construction, only the CPU compares.
    console.log('ratio auth-check / bare: not measured with BENCH_RATE (compare the server CPU per request)');
    return;
  }
  console.log(
    `ratio auth-check / bare: ${ratio.toFixed(2)} (goal ≥ 0.8, issue 26) ${ratio >= 0.8 ? 'OK' : 'BELOW GOAL'}`,
  );
  // What is left once the answer's size is accounted for: its ~1 KB of security headers and its body cost the
  // wire and the load generator (on the same cores) as much behind a bare route as behind this one.
  console.log(
    `ratio auth-check / a bare route sending auth-check's headers and body: ${(loupe.rps / sameBytes.rps).toFixed(2)} ` +
      '(what Loupe’s own code costs, the answer’s size set aside)',
  );
  // The same work done as lean as it goes (leastWorkApp): what the goal asks is within reach of that much.
  console.log(
    `ratio the least signed-in work / bare: ${(leastWork.rps / bare.rps).toFixed(2)}; ` +
      `auth-check / the least signed-in work: ${(loupe.rps / leastWork.rps).toFixed(2)}`,
  );
  if (process.env.DATABASE_URL) {
    // Issue 26's second figure: PostgreSQL, 50 connections (BENCH_CONNECTIONS=50).
    console.log(
      `auth-check on PostgreSQL at ${connections} connections: ${loupe.rps.toFixed(0)} req/s ` +
        `(goal ≥ 5000 at 50 connections) ${loupe.rps >= 5000 ? 'OK' : 'BELOW GOAL'}`,
    );
  }
}

if (process.argv[2] === '--serve') {
  serve(process.argv[3], process.argv[4]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
