#!/usr/bin/env node
// `npm run bench -w @loupe/server` (stock-take part, issue 14): one count, many scanners. The real API runs in
// its own process on loopback (a throwaway embedded database, and also PostgreSQL when DATABASE_URL or
// TEST_DATABASE_URL is set, in a schema of its own, dropped afterwards) with 10,000 available items; one
// count is opened and 8 concurrent clients, each signed in with its own session, post the 10,000 serials
// between them over HTTP. Prints scans/s, p50/p95 per scan, and the scans lost, checked against the count's
// found figure (every serial is an expected item, so found must be 10,000). Numbers only, no goal.
//   BENCH_SCANS (default 10000), BENCH_CLIENTS (default 8), BENCH_TARGETS (default "pglite,postgres")
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { UNLIMITED, percentile } from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const SCANS = Number(process.env.BENCH_SCANS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const serialOf = (n) => `ST-${String(n).padStart(6, '0')}`;

/** The server process: the API on a fresh database, seeded, with one session per client. */
async function serve() {
  const { buildApp, loadConfig, openDatabase } = require('../dist/app.js');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-stocktake-'));
  const env = { DATA_DIR: dataDir, LOUPE_DEMO: '1', LOG_LEVEL: 'silent' };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({ ...env, ...UNLIMITED });
  const db = await openDatabase(config);
  const shop = await db.query("SELECT id FROM shops WHERE name = 'Loupe Demo'");
  const user = await db.query("SELECT id FROM users WHERE username = 'platinum'");
  const started = Date.now();
  // The demo's own stock stays; the bench's items are watches in Safe 9, which the count covers alone.
  await db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, status, purchased_on, location, created_by,
                        created_at, updated_at)
     SELECT $1, 'ST-' || lpad(g::text, 6, '0'), 'Watches', 'Rolex', 'Submariner', 'available', date '2026-01-01',
            'Safe 9', $2, now(), now()
       FROM generate_series(1, $3::int) g`,
    [shop[0].id, user[0].id, SCANS],
  );
  await db.exec('ANALYZE');
  const seeded = (Date.now() - started) / 1000;
  // The request limits are lifted by UNLIMITED: every client of the bench comes from loopback.
  const app = await buildApp({ db, config, logger: false });
  const signIn = async (username) => {
    const csrf = await app.inject({ method: 'GET', url: '/csrf/' });
    const token = csrf.cookies.find((c) => c.name === 'csrftoken').value;
    const response = await app.inject({
      method: 'POST',
      url: '/token/',
      headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token },
      payload: { username, password: 'loupe-demo-2026' },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    // The session cookie, and the CSRF cookie as sign-in left it (it may rotate it).
    const jar = new Map([['csrftoken', token]]);
    for (const c of response.cookies) jar.set(c.name, c.value);
    return { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), csrf: jar.get('csrftoken') };
  };
  const users = ['platinum', 'gold', 'silver'];
  const sessions = [];
  for (let i = 0; i < CLIENTS; i += 1) sessions.push(await signIn(users[i % users.length]));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${JSON.stringify({ url: address, sessions, seeded, kind: db.kind })}\n`);
  const stop = async () => {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

async function startServer(databaseUrl) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
  });
  const line = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
  });
  return { child, ...JSON.parse(line) };
}

async function call(server, session, method, url, body) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-csrftoken': session.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function benchOne(label, databaseUrl) {
  const server = await startServer(databaseUrl);
  try {
    const [first] = server.sessions;
    const opened = await call(server, first, 'POST', '/api/stock-takes/', {
      scope: { stockType: 'Watches', location: 'Safe 9' },
    });
    if (opened.status !== 201) throw new Error(`start: ${opened.status} ${JSON.stringify(opened.body)}`);
    const takeId = opened.body.id;
    const times = [];
    let failed = 0;
    let duplicates = 0;
    const t0 = process.hrtime.bigint();
    // Client k scans serials k+1, k+1+CLIENTS, …: all of them at once, each one request after another.
    await Promise.all(
      server.sessions.map(async (session, k) => {
        for (let n = k + 1; n <= SCANS; n += server.sessions.length) {
          const s0 = process.hrtime.bigint();
          const answer = await call(server, session, 'POST', `/api/stock-takes/${takeId}/scans/`, {
            serial: serialOf(n),
          });
          times.push(Number(process.hrtime.bigint() - s0) / 1e6);
          if (answer.status !== 201 && answer.status !== 200) failed += 1;
          else if (answer.body.duplicate) duplicates += 1;
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const view = await call(server, first, 'GET', `/api/stock-takes/${takeId}/`);
    times.sort((a, b) => a - b);
    const { found, expected, missing } = view.body.counts;
    console.log(
      `\n${label}: ${SCANS.toLocaleString('en-GB')} items seeded in ${server.seeded.toFixed(1)} s; ` +
        `${server.sessions.length} clients, ${times.length.toLocaleString('en-GB')} scans over HTTP`,
    );
    console.log(
      `  ${(times.length / seconds).toFixed(0)} scans/s   p50 ${percentile(times, 50).toFixed(1)} ms   ` +
        `p95 ${percentile(times, 95).toFixed(1)} ms   (${seconds.toFixed(1)} s)`,
    );
    console.log(
      `  count: expected ${expected}, found ${found}, missing ${missing}; lost ${SCANS - found}, ` +
        `failed ${failed}, duplicates ${duplicates}`,
    );
  } finally {
    server.child.stdin.end();
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

async function main() {
  execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  console.log(
    `Stock-take benchmark: the API in its own process, loopback, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  if (TARGETS.includes('pglite')) await benchOne('PGlite');
  if (!TARGETS.includes('postgres')) return;
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('\nPostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL to include it)');
    return;
  }
  const { Client } = require('pg');
  const schema = `loupe_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await benchOne('PostgreSQL', url.toString());
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

if (process.argv[2] === '--serve') {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
