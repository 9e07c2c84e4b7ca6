#!/usr/bin/env node
// `npm run bench -w @loupe/server` (third part): the finance reports at scale. Seeds one million sales (two in
// five of stock items, the rest quick sales) and one million expenses over the last five years into a scratch
// database — embedded PGlite, and also PostgreSQL when TEST_DATABASE_URL is set (in a schema of its own,
// dropped afterwards) — then times, signed in and one request at a time through the whole API:
//   - GET /api/reports/ for the monthly Profit & Loss report (and two others), p50/p95
//   - the CSV download of that report (12 months of entries, several hundred thousand lines) over real HTTP,
//     read and thrown away by the client: time, and the server process's peak memory above its idle level,
//     for one, three and twelve months of entries, so that flat memory as rows grow shows as flat numbers.
//   BENCH_SALES, BENCH_EXPENSES (default 1000000 each), BENCH_REQUESTS (default 40), BENCH_CSV_RUNS (default 3)
// Goal (issue 6): report p95 ≤ 200 ms on PostgreSQL; CSV memory flat as rows grow. Prints, asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNLIMITED, percentile, signIn, timeGets } from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 1_000_000);
const ITEMS = 50_000;
const DAYS = 5 * 365;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const CSV_RUNS = Number(process.env.BENCH_CSV_RUNS ?? 3);

const REPORTS = [
  ['Profit & Loss, monthly (12 months)', '/api/reports/?type=profit_loss&range=monthly'],
  ['Sales by Payment Method, weekly', '/api/reports/?type=sales_by_method&range=weekly'],
  ['Purchases, custom 366 days', '/api/reports/?type=purchases&range=custom&from=FROM366&to=TODAY'],
  ['dashboard finance figures', '/api/dashboard/finance/'],
];

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function seed(db, shopId, userId) {
  const started = Date.now();
  // Stock bought over the five years, for the Purchases report and the item sales' costs.
  await db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, purchase_price, status, purchased_on,
                        created_by, created_at, updated_at)
     SELECT $1, 'FB' || lpad(g::text, 7, '0'), (ARRAY['Watches', 'Jewellery', 'Accessories'])[1 + g % 3],
            '', '', round((200 + (g * 7919) % 20000)::numeric + (g % 100) / 100.0, 2),
            CASE WHEN g % 5 < 2 THEN 'sold' ELSE 'available' END, current_date - (g % $3::int), $2, now(), now()
       FROM generate_series(1, $4::int) g`,
    [shopId, userId, DAYS, ITEMS],
  );
  const firstItem = (await db.query('SELECT min(id) AS id FROM items WHERE shop_id = $1', [shopId]))[0].id;
  // In batches, so that neither database holds a million-row statement's transition table at once.
  const batch = 250_000;
  for (let start = 1; start <= SALES; start += batch) {
    await db.query(
      `INSERT INTO sales (shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp,
                          payment_method, sale_date, notes, created_by, created_at)
       SELECT $1, CASE WHEN g % 5 < 2 THEN $3::int + g % $4::int END,
              CASE WHEN g % 5 < 2 THEN 'Bench item sale ' || g ELSE 'Quick sale, "bench" ' || g END,
              v, 'GBP', 1, v, CASE WHEN g % 5 < 2 THEN round(v * 0.8, 2) END,
              (ARRAY['Cash', 'Bank Transfer', 'Credit Card', 'Debit Card', 'PayPal', 'Bitcoin', 'Other'])[1 + g % 7],
              current_date - (g % $5::int), '', $2, now()
         FROM generate_series($6::int, $7::int) g, LATERAL (SELECT round((5 + (g::bigint * 104729) % 30000)::numeric / 10, 2) AS v) x`,
      [shopId, userId, firstItem, ITEMS, DAYS, start, Math.min(SALES, start + batch - 1)],
    );
  }
  for (let start = 1; start <= EXPENSES; start += batch) {
    await db.query(
      `INSERT INTO expenses (shop_id, name, amount, currency, exchange_rate, amount_gbp, payment_method, notes,
                             expense_date, created_by, created_at)
       SELECT $1, '=Bench expense ' || g, v, 'GBP', 1, v, 'Cash', '', current_date - (g % $3::int), $2, now()
         FROM generate_series($4::int, $5::int) g, LATERAL (SELECT round((1 + (g::bigint * 7919) % 5000)::numeric / 10, 2) AS v) x`,
      [shopId, userId, DAYS, start, Math.min(EXPENSES, start + batch - 1)],
    );
  }
  await db.exec('ANALYZE');
  return (Date.now() - started) / 1000;
}

/** Downloads a URL over real HTTP, counting and dropping the bytes; samples this process's memory meanwhile. */
function download(url, cookie) {
  return new Promise((resolve, reject) => {
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed + base.external + base.arrayBuffers;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers);
    }, 10);
    const t0 = process.hrtime.bigint();
    http
      .get(url, { headers: { cookie } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => {
          clearInterval(sampler);
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          resolve({
            ms: Number(process.hrtime.bigint() - t0) / 1e6,
            bytes,
            lines,
            rss: peakRss - base.rss,
            heap: peakHeap - (base.heapUsed + base.external + base.arrayBuffers),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function benchOne(label, env, goal) {
  const { buildApp, loadConfig, openDatabase } = require('../dist/app.js');
  const config = loadConfig({ ...env, LOUPE_DEMO: '1', LOG_LEVEL: 'silent', ...UNLIMITED });
  const db = await openDatabase(config);
  try {
    const shop = await db.query("SELECT id FROM shops WHERE name = 'Loupe Demo'");
    const user = await db.query("SELECT id FROM users WHERE username = 'platinum'");
    const seconds = await seed(db, shop[0].id, user[0].id);
    const today = (await db.query('SELECT current_date::text AS d'))[0].d;
    const from366 = (await db.query(`SELECT (current_date - 365)::text AS d`))[0].d;
    const app = await buildApp({ db, config, logger: false });
    const cookie = await signIn(app);
    const n = (v) => v.toLocaleString('en-GB');
    console.log(
      `\n${label}: ${n(SALES)} sales, ${n(EXPENSES)} expenses, ${n(ITEMS)} items over ${DAYS} days, seeded in ${seconds.toFixed(1)} s`,
    );
    for (const [name, query] of REPORTS) {
      const url = query.replace('FROM366', from366).replace('TODAY', today);
      const { times, json } = await timeGets(app, url, cookie, REQUESTS);
      const rows = json.rows?.length ?? 1;
      const p95 = percentile(times, 95);
      console.log(
        `  JSON ${name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   (${rows} rows)` +
          (name.startsWith('Profit') ? `   goal ≤ ${goal} ms: ${p95 <= goal ? 'OK' : 'ABOVE GOAL'}` : ''),
      );
    }

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const month = (back) => db.query(`SELECT (current_date - $1::int)::text AS d`, [back]);
    const csvs = [
      ['P&L CSV, custom 1 month', `type=profit_loss&range=custom&from=${(await month(30))[0].d}&to=${today}`],
      [
        'P&L CSV, custom 3 months',
        `type=profit_loss&range=custom&from=${(await month(91))[0].d}&to=${today}`,
      ],
      ['P&L CSV, monthly (12 months)', 'type=profit_loss&range=monthly'],
    ];
    for (const [name, query] of csvs) {
      const runs = [];
      for (let i = 0; i < CSV_RUNS + 1; i += 1) {
        global.gc?.();
        const run = await download(`${address}/api/reports/csv/?${query}`, cookie);
        if (i >= 1) runs.push(run); // the first one warms up
      }
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      const last = runs[runs.length - 1];
      console.log(
        `  ${name.padEnd(45)} ${n(last.lines).padStart(9)} lines ${mb(last.bytes).padStart(9)}   p50 ${(percentile(times, 50) / 1000).toFixed(2)} s   p95 ${(percentile(times, 95) / 1000).toFixed(2)} s   peak above idle: JS ${mb(Math.max(...runs.map((r) => r.heap)))}, RSS ${mb(Math.max(...runs.map((r) => r.rss)))}`,
      );
    }
    await app.close();
  } finally {
    await db.close();
  }
}

async function main() {
  execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  console.log(`Finance benchmark: ${os.cpus().length} CPUs, Node ${process.version}`);
  const base = process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_FINANCE_ONLY; // 'pglite' | 'postgres': one of the two
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-finance-'));
    try {
      await benchOne('PGlite', { DATA_DIR: dataDir }, 200);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!base || only === 'pglite') {
    if (!base) console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to include it)');
    return;
  }
  const { Client } = require('pg');
  const schema = `loupe_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-finance-pg-'));
  try {
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await benchOne('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() }, 200);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    rmSync(pgDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
