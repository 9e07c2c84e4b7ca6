#!/usr/bin/env node
// `npm run bench -w @loupe/server` (second part): the stock lists at scale. Seeds 100,000 items (and 2,000 open
// check-outs) into a scratch database — embedded PGlite, and also PostgreSQL when TEST_DATABASE_URL is set
// (in a schema of its own, dropped afterwards) — then times typical GET /api/items/ pages as the browser asks
// for them: signed in, one request at a time, through the whole API (session, validation, SQL, JSON).
//   BENCH_ITEMS (default 100000), BENCH_REQUESTS per query (default 60)
//   BENCH_ONLY=pglite or postgres: that database alone
//   BENCH_DIST=<dist folder>: measure that build instead of dist/ (which is then neither built nor used)
// Goal (issue 26, goal 2): worst p95 ≤ 10 ms on both (issue 5 asked ≤ 50 ms on PGlite, ≤ 20 ms on PostgreSQL).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNLIMITED, percentile, seedStock, signIn } from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(here, '..', 'dist'), 'app.js');

const QUERIES = [
  ['all stock, page 1 (newest first)', ''],
  ['"Inventory - Watches" screen, page 1', 'stock_type=Watches&status=available,checked_out,unavailable'],
  [
    '"Inventory - Watches" + brand, page 1',
    'stock_type=Watches&status=available,checked_out,unavailable&brand=Omega',
  ],
  [
    '"Inventory - Watches", listing price high to low',
    'stock_type=Watches&status=available,checked_out,unavailable&ordering=-listing_price',
  ],
  ['watches in stock, page 1', 'stock_type=Watches&status=available'],
  [
    'brand + model + price range, by price',
    'brand=Rolex&model=Submariner&min_price=5000&max_price=20000&ordering=purchase_price',
  ],
  [
    'price range, dearest first, 50 per page',
    `min_price=${encodeURIComponent('£1,000')}&max_price=2500&ordering=-purchase_price&page_size=50`,
  ],
  ['in stock + checked out, page 1', 'status=available,checked_out'],
  ['checked out, by due date', 'status=checked_out&ordering=due_date'],
  ['one client’s check-outs', 'client=CLIENT'],
  ['serial search (prefix)', 'search=SN4F'],
  ['promoted', 'promoted=true'],
  ['deep page: all stock, page 2000', 'page=2000'],
  [
    'deep page: "Inventory - Watches", page 1000',
    'stock_type=Watches&status=available,checked_out,unavailable&page=1000',
  ],
  [
    'deep page: jewellery by serial, page 300 of 25',
    'stock_type=Jewellery&ordering=serial&page=300&page_size=25',
  ],
];

async function benchOne(label, env, goal) {
  const { buildApp, loadConfig, openDatabase } = require(DIST);
  const config = loadConfig({ ...env, LOUPE_DEMO: '1', LOG_LEVEL: 'silent', ...UNLIMITED });
  const db = await openDatabase(config);
  try {
    const shop = await db.query("SELECT id FROM shops WHERE name = 'Loupe Demo'");
    const user = await db.query("SELECT id FROM users WHERE username = 'platinum'");
    const { seconds, clientId } = await seedStock(db, shop[0].id, user[0].id, ITEMS);
    const app = await buildApp({ db, config, logger: false });
    const cookie = await signIn(app);
    console.log(
      `\n${label}: ${ITEMS.toLocaleString('en-GB')} items seeded in ${seconds.toFixed(1)} s; ${REQUESTS} requests per query`,
    );
    let worst = 0;
    for (const [name, query] of QUERIES) {
      const url = `/api/items/?${query.replace('CLIENT', String(clientId))}`;
      const times = [];
      let count = 0;
      for (let i = 0; i < REQUESTS + 5; i += 1) {
        const t0 = process.hrtime.bigint();
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        count = response.json().count;
        if (i >= 5) times.push(ms); // the first five warm caches and the JIT
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      console.log(
        `  ${name.padEnd(48)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (count ${count})`,
      );
    }
    console.log(
      `  worst p95 ${worst.toFixed(1)} ms (goal ≤ ${goal} ms) ${worst <= goal ? 'OK' : 'ABOVE GOAL'}`,
    );
    await app.close();
  } finally {
    await db.close();
  }
}

async function main() {
  if (!process.env.BENCH_DIST) {
    execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  }
  console.log(`Stock list benchmark: in-process requests, ${os.cpus().length} CPUs, Node ${process.version}`);
  if (process.env.BENCH_ONLY !== 'postgres') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-items-'));
    try {
      await benchOne('PGlite', { DATA_DIR: dataDir }, 10);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.file-key`, { force: true }); // the file key generated beside the data folder
    }
  }
  if (process.env.BENCH_ONLY === 'pglite') return;

  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to include it)');
    return;
  }
  const { Client } = require('pg');
  const schema = `loupe_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-items-pg-'));
  try {
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await benchOne('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() }, 10);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    rmSync(pgDir, { recursive: true, force: true });
    rmSync(`${pgDir}.file-key`, { force: true }); // the file key generated beside the data folder
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
