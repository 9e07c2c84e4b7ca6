#!/usr/bin/env node
// `npm run bench -w @loupe/server` (margin part, issue 14): the margin-by-brand report over one million sales, on
// PostgreSQL. DATABASE_URL (or TEST_DATABASE_URL) is required, else it says so and exits 1 (a PostgreSQL server; the benchmark works in a schema of its own there,
// dropped afterwards). Seeds 50,000 items of 20 brands and one million item sales over the last three years with
// INSERT … SELECT generate_series (the sales trigger of migration 015 feeds brand_days as it would for real
// sales), then times 50 GET /api/reports/margins/ requests over varied ranges (a week to the whole three years),
// signed in, one at a time through the whole API: p50 and p95 beside the goal.
//   BENCH_SALES (default 1000000), BENCH_REQUESTS (default 50)
// Goal (issue 14): p95 ≤ 200 ms on PostgreSQL. Prints, asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNLIMITED, percentile, signIn } from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const ITEMS = 50_000;
const BRANDS = 20;
const DAYS = 3 * 365;
const GOAL_MS = 200;

async function seed(db, shopId, userId) {
  const started = Date.now();
  // Item g has brand "Brand NN" with NN = 1 + g % 20; sale g sells item (g % ITEMS) + 1, so its brand is known
  // here and the trigger's look-up is skipped, as an import would. Twenty sales in a row share a day, one of each
  // brand: every day has every brand, the rollup's worst case (20 × 1,095 rows).
  await db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, purchase_price, status, purchased_on,
                        created_by, created_at, updated_at)
     SELECT $1, 'MB' || lpad(g::text, 7, '0'), 'Watches', 'Brand ' || lpad((1 + g % $5::int)::text, 2, '0'), '',
            round((200 + (g * 7919) % 20000)::numeric + (g % 100) / 100.0, 2), 'sold',
            current_date - $3::int - (g % 30), $2, now(), now()
       FROM generate_series(1, $4::int) g`,
    [shopId, userId, DAYS, ITEMS, BRANDS],
  );
  const firstItem = (await db.query('SELECT min(id) AS id FROM items WHERE shop_id = $1', [shopId]))[0].id;
  const batch = 250_000;
  for (let start = 1; start <= SALES; start += batch) {
    await db.query(
      `INSERT INTO sales (shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp,
                          payment_method, sale_date, notes, created_by, created_at, brand)
       SELECT $1, $3::int + g % $4::int, 'Bench sale ' || g, v, 'GBP', 1, v, round(v * (0.55 + (g % 40) / 100.0), 2),
              'Cash', current_date - ((g / $6::int) % $5::int), '', $2, now(),
              'Brand ' || lpad((1 + ((g % $4::int) + 1) % $6::int)::text, 2, '0')
         FROM generate_series($7::int, $8::int) g,
              LATERAL (SELECT round((500 + (g::bigint * 104729) % 2000000)::numeric / 100, 2) AS v) x`,
      [shopId, userId, firstItem, ITEMS, DAYS, BRANDS, start, Math.min(SALES, start + batch - 1)],
    );
  }
  await db.exec('ANALYZE');
  return (Date.now() - started) / 1000;
}

/** Request i's range: lengths from a week to the whole three years, ending on varied days. */
function rangeOf(i, today) {
  const lengths = [7, 30, 91, 365, 730, DAYS];
  const length = lengths[i % lengths.length];
  const endBack = (i * 37) % Math.max(1, DAYS - length);
  const day = (back) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
  return { from: day(endBack + length - 1), to: day(endBack), length };
}

async function bench(env) {
  const { buildApp, loadConfig, openDatabase } = require('../dist/app.js');
  const config = loadConfig({ ...env, LOUPE_DEMO: '1', LOG_LEVEL: 'silent', ...UNLIMITED });
  const db = await openDatabase(config);
  try {
    const shop = await db.query("SELECT id FROM shops WHERE name = 'Loupe Demo'");
    const user = await db.query("SELECT id FROM users WHERE username = 'platinum'");
    const seconds = await seed(db, shop[0].id, user[0].id);
    const rollup = (
      await db.query('SELECT count(*)::int AS n FROM brand_days WHERE shop_id = $1', [shop[0].id])
    )[0].n;
    const today = (await db.query('SELECT current_date::text AS d'))[0].d;
    const app = await buildApp({ db, config, logger: false });
    const cookie = await signIn(app);
    const n = (v) => v.toLocaleString('en-GB');
    console.log(
      `PostgreSQL: ${n(SALES)} item sales of ${BRANDS} brands over ${DAYS} days, seeded in ${seconds.toFixed(1)} s (${n(rollup)} brand_days rows)`,
    );
    const times = [];
    let checked = 0;
    for (let i = 0; i < REQUESTS + 5; i += 1) {
      const { from, to } = rangeOf(i, today);
      const url = `/api/reports/margins/?from=${from}&to=${to}`;
      const t0 = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      checked = Math.max(checked, response.json().rows.length);
      if (i >= 5) times.push(ms); // the first five warm caches and the JIT
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `  margin by brand, ${REQUESTS} requests (7 days … 3 years)   p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   (up to ${checked} brands)   goal p95 ≤ ${GOAL_MS} ms: ${p95 <= GOAL_MS ? 'OK' : 'ABOVE GOAL'}`,
    );
    await app.close();
  } finally {
    await db.close();
  }
}

async function main() {
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    console.error(
      'Margin benchmark: DATABASE_URL (or TEST_DATABASE_URL) is required (a PostgreSQL server, e.g. postgres://loupe:loupe@127.0.0.1:5432/loupe_test); the goal is measured on PostgreSQL.',
    );
    process.exit(1);
  }
  execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  console.log(`\nMargin benchmark: ${os.cpus().length} CPUs, Node ${process.version}`);
  const { Client } = require('pg');
  const schema = `loupe_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-margins-'));
  try {
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await bench({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
