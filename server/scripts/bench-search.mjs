#!/usr/bin/env node
// `npm run bench -w @loupe/server` (last part): the one search at scale (issue 21, item 3). Seeds 100,000 items
// and 20,000 clients into a scratch database — embedded PGlite, and also PostgreSQL when TEST_DATABASE_URL is
// set (in a schema of its own, dropped afterwards) — then times typical GET /api/search/?q= requests as the top
// bar's type-ahead sends them: signed in, one at a time, through the whole API (session, validation, SQL, JSON).
//   BENCH_ITEMS (default 100000), BENCH_CLIENTS (default 20000), BENCH_REQUESTS per query (default 60)
// Goal (issue 21): p95 ≤ 30 ms per query kind.
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
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const GOAL_MS = 30;
const OWNER = 'bench-owner';
const PASSWORD = 'search-bench-Quartz-9174';

// [what is typed, q]. SERIAL is replaced by the serial of one seeded item.
const QUERIES = [
  ['exact serial (a scan)', 'SERIAL'],
  ['serial prefix', 'SN4F'],
  ['stock number', '#54321'],
  ['reference prefix', '1266'],
  ['brand prefix', 'rol'],
  ['model inside ("mariner")', 'mariner'],
  ['brand and model ("omega speed")', 'omega speed'],
  ['client name prefix', 'Ada'],
  ['client surname inside', 'lovelace'],
  ['client phone digits', '07700 9001'],
  ['client e-mail, whole', 'client12345@example.com'],
  ['invoice reference', 'INV-0000'],
  ['nothing matches (every read runs)', 'zqxj'],
];

async function seed(db, shopId, userId) {
  const started = Date.now();
  // Names from 12 first names × 12 surnames; phones 07700 9xxxxx; e-mails clientN@example.com.
  await db.query(
    `INSERT INTO clients (shop_id, name, email, phone, created_at, updated_at)
     SELECT $1,
            (ARRAY['Ada', 'Bob', 'Cara', 'Dev', 'Elif', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lena'])[1 + g % 12]
              || ' ' ||
            (ARRAY['Lovelace', 'Smith', 'Jones', 'Patel', 'Khan', 'Brown', 'Taylor', 'Wilson', 'Evans', 'Davies',
                   'Okafor', 'Nguyen'])[1 + (g / 12) % 12] || ' ' || g,
            'client' || g || '@example.com',
            '07700 9' || lpad(g::text, 5, '0'),
            now(), now()
       FROM generate_series(1, $2::int) g`,
    [shopId, CLIENTS],
  );
  // As bench-items.mjs: a deterministic spread of types, brands and models; watches with a reference.
  await db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, purchase_price, trade_price,
                        retail_price, status, purchased_on, reference_number, created_by, created_at, updated_at)
     SELECT $1,
            'SN' || upper(substr(md5(g::text), 1, 4)) || lpad(g::text, 6, '0'),
            (ARRAY['Watches', 'Watches', 'Jewellery', 'Accessories'])[1 + g % 4],
            CASE WHEN g % 4 < 2 THEN (ARRAY['Rolex', 'Omega', 'Cartier'])[1 + g % 3] ELSE '' END,
            CASE WHEN g % 4 < 2 THEN (ARRAY[
              ARRAY['Submariner', 'Daytona', 'Datejust', 'GMT-Master', 'Explorer'],
              ARRAY['Speedmaster', 'Seamaster', 'Constellation', 'De Ville', 'Globemaster'],
              ARRAY['Tank', 'Ballon Bleu', 'Santos', 'Pasha', 'Panthère']])[1 + g % 3][1 + (g / 3) % 5] ELSE '' END,
            'Bench item ' || g,
            round((100 + (g * 7919) % 40000)::numeric, 2),
            round((120 + (g * 7919) % 40000)::numeric, 2),
            round((150 + (g * 7919) % 48000)::numeric, 2),
            CASE WHEN g % 7 = 0 THEN 'sold' ELSE 'available' END,
            date '2026-01-01' - (g % 700),
            CASE WHEN g % 4 < 2 THEN (ARRAY['1266', '3105', '5711', 'WSSA'])[1 + g % 4] || lpad((g % 997)::text, 3, '0')
                 ELSE '' END,
            $2,
            timestamp '2020-01-01' + g * interval '1 minute',
            timestamp '2020-01-01' + g * interval '1 minute'
       FROM generate_series(1, $3::int) g`,
    [shopId, userId, ITEMS],
  );
  await db.exec('ANALYZE');
  const serial = await db.query(`SELECT serial FROM items WHERE shop_id = $1 ORDER BY id OFFSET $2 LIMIT 1`, [
    shopId,
    Math.floor(ITEMS / 2),
  ]);
  return { seconds: (Date.now() - started) / 1000, serial: serial[0].serial };
}

async function benchOne(label, env) {
  const { buildApp, loadConfig, openDatabase } = require('../dist/app.js');
  const { UsersRepository } = require('../dist/modules/auth/users-repository.js');
  const { hashPassword } = require('../dist/modules/auth/password-hasher.js');
  const { createShopWithOwner } = require('../dist/modules/shops/shop-setup.js');
  // No demo data: a shop and its owner made as `npm run user:create` and `shop:create` make them.
  const config = loadConfig({ ...env, LOUPE_DEMO: '0', LOG_LEVEL: 'silent', ...UNLIMITED });
  const db = await openDatabase(config);
  try {
    const now = new Date();
    const owner = await new UsersRepository(db).create(
      { username: OWNER, passwordHash: await hashPassword(PASSWORD), email: 'owner@example.com' },
      now,
    );
    const { shop } = await createShopWithOwner(db, { name: 'Bench Watches', owner: OWNER }, now);
    const { seconds, serial } = await seed(db, shop.id, owner.id);
    const app = await buildApp({ db, config, logger: false });
    const cookie = await signIn(app, OWNER, PASSWORD);
    console.log(
      `\n${label}: ${ITEMS.toLocaleString('en-GB')} items and ${CLIENTS.toLocaleString('en-GB')} clients ` +
        `seeded in ${seconds.toFixed(1)} s; ${REQUESTS} requests per query`,
    );
    let worst = 0;
    for (const [name, typed] of QUERIES) {
      const q = typed === 'SERIAL' ? serial : typed;
      const url = `/api/search/?${new URLSearchParams({ q }).toString()}`;
      const times = [];
      let found = '';
      for (let i = 0; i < REQUESTS + 5; i += 1) {
        const t0 = process.hrtime.bigint();
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        const body = response.json();
        found = `${body.items.length} items, ${body.clients.length} clients, ${body.invoices.length} invoices`;
        if (i >= 5) times.push(ms); // the first five warm caches and the JIT
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      console.log(
        `  ${name.padEnd(36)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms` +
          `   goal p95 ≤ ${GOAL_MS} ms   (${found})`,
      );
    }
    console.log(
      `  worst p95 ${worst.toFixed(1)} ms (goal p95 ≤ ${GOAL_MS} ms) ${worst <= GOAL_MS ? 'OK' : 'ABOVE GOAL'}`,
    );
    await app.close();
  } finally {
    await db.close();
  }
}

async function main() {
  execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  console.log(`Search benchmark: in-process requests, ${os.cpus().length} CPUs, Node ${process.version}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-search-'));
  try {
    await benchOne('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

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
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-search-pg-'));
  try {
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await benchOne('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() });
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
