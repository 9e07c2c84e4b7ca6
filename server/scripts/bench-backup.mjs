#!/usr/bin/env node
// Backup and restore at two sizes: the demo shop, and the demo shop plus 100,000 items (BENCH_ITEMS) seeded in
// one SQL statement. Times `npm run backup` and `npm run restore` (the CLI commands, in process) and reports the
// archive's size — on embedded PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (a schema of its own,
// dropped afterwards; pg_dump/pg_restore must be installed).
//   node scripts/bench-backup.mjs
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);

async function seedItems(db) {
  const [shop] = await db.query("SELECT id FROM shops WHERE name = 'Loupe Demo'");
  const [user] = await db.query("SELECT id FROM users WHERE username = 'platinum'");
  await db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, purchase_price, trade_price,
                        retail_price, status, purchased_on, created_by, created_at, updated_at)
     SELECT $1, 'BK' || lpad(g::text, 7, '0'), (ARRAY['Watches', 'Jewellery', 'Accessories'])[1 + g % 3],
            (ARRAY['Rolex', 'Omega', 'Cartier'])[1 + g % 3], 'Bench', 'Bench item ' || g,
            round((100 + (g * 7919) % 40000)::numeric, 2), round((120 + (g * 7919) % 40000)::numeric, 2),
            round((150 + (g * 7919) % 48000)::numeric, 2), 'available', date '2026-01-01' - (g % 700), $2,
            timestamp '2020-01-01' + g * interval '1 minute', timestamp '2020-01-01' + g * interval '1 minute'
       FROM generate_series(1, $3::int) g`,
    [shop.id, user.id, ITEMS],
  );
}

const quiet = { out: () => undefined, err: (line) => console.error(line) };
const mb = (bytes) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One round: backup (CLI), wipe, restore (CLI, which verifies every table); returns the figures. */
async function round(label, env, wipe) {
  const { backupCommand } = require('../dist/cli/backup.js');
  const { restoreCommand } = require('../dist/cli/restore.js');
  const archive = path.join(mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-archive-')), 'bench.tar.gz');
  let t0 = Date.now();
  if ((await backupCommand(['--output', archive], env, quiet)) !== 0)
    throw new Error(`${label}: backup failed`);
  const backupMs = Date.now() - t0;
  const bytes = statSync(archive).size;
  await wipe();
  t0 = Date.now();
  if ((await restoreCommand([archive], env, quiet)) !== 0) throw new Error(`${label}: restore failed`);
  const restoreMs = Date.now() - t0;
  rmSync(path.dirname(archive), { recursive: true, force: true });
  console.log(
    `  ${label.padEnd(34)} backup ${String(backupMs).padStart(6)} ms   restore+verify ${String(restoreMs).padStart(6)} ms   archive ${mb(bytes)}`,
  );
}

async function bench(kind, env, wipe) {
  const { loadConfig, openDatabase } = require('../dist/app.js');
  const open = (demo) => openDatabase({ ...loadConfig({ ...env, LOG_LEVEL: 'silent' }), demo });
  console.log(`\n${kind}`);
  let db = await open(true);
  const rows = async () => {
    const [{ n }] = await db.query('SELECT count(*)::int AS n FROM items');
    return n;
  };
  console.log(`  demo shop: ${await rows()} items`);
  await db.close();
  await round('demo data', env, wipe);
  db = await open(false);
  const t0 = Date.now();
  await seedItems(db);
  console.log(
    `  + ${ITEMS.toLocaleString('en-GB')} items seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s (${await rows()} items)`,
  );
  await db.close();
  await round(`demo + ${ITEMS.toLocaleString('en-GB')} items`, env, wipe);
}

async function main() {
  execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  console.log(`Backup/restore benchmark: ${os.cpus().length} CPUs, Node ${process.version}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-backup-'));
  try {
    await bench('PGlite (embedded)', { DATA_DIR: dataDir, BACKUP_DIR: 'off' }, async () =>
      rmSync(dataDir, { recursive: true, force: true }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('\n(set TEST_DATABASE_URL to time PostgreSQL too)');
    return;
  }
  const { Client } = require('pg');
  const schema = `loupe_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql) => {
    const client = new Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    await bench('PostgreSQL (pg_dump custom / pg_restore)', { DATABASE_URL: url.toString() }, () =>
      admin(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}`),
    );
  } finally {
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
