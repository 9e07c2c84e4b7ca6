#!/usr/bin/env node
// Upload and download of one 10 MB file through HTTP, before (files on disk, as UPLOADS_DIR kept them until
// issue 12) and after (sealed 256 KiB chunks in the database: PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set). Each store runs in a child process of its own that reports its peak process.memoryUsage().rss
// (sampled every 2 ms and at every chunk) above its resting size; this process is the client and times the
// requests. `node scripts/bench-files.mjs` after `npm run build -w @loupe/server` (it reads dist/), or point
// LOUPE_SERVER_DIST at another build. BENCH_FILE_MB (default 10), BENCH_RUNS (default 3).
//
// The "disk" store is the old FileStore's path, kept here as it was: the multipart part piped through a
// hashing tap into a 0600 file, served back with createReadStream.
import { fork } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const dist = path.resolve(process.env.LOUPE_SERVER_DIST ?? path.join(here, '..', 'dist'));
const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_FILE_MB ?? 10) * MB;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// ------------------------------------------------------------------------------------------ server side

async function serve(store) {
  const Fastify = require('fastify');
  const multipart = require('@fastify/multipart');
  const app = Fastify();
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  setInterval(sample, 2).unref();
  const measured = async (work) => {
    global.gc?.();
    const base = process.memoryUsage().rss;
    peak = base;
    const result = await work();
    sample();
    return { result, peakMb: (peak - base) / MB };
  };

  let put;
  let get;
  let close = async () => undefined;
  if (store === 'disk') {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-files-'));
    close = async () => rmSync(folder, { recursive: true, force: true });
    await app.register(multipart, { limits: { fileSize: SIZE, files: 1, fields: 0, parts: 1 } });
    put = async (request) => {
      for await (const part of request.parts()) {
        const key = randomBytes(24).toString('hex');
        const hash = createHash('sha256');
        const tap = new Transform({
          transform(chunk, _e, done) {
            hash.update(chunk);
            sample();
            done(null, chunk);
          },
        });
        await pipeline(
          part.file,
          tap,
          createWriteStream(path.join(folder, key), { flags: 'wx', mode: 0o600 }),
        );
        return key;
      }
    };
    get = (reply, key) =>
      reply
        .headers({ 'content-type': 'application/pdf', 'content-length': String(SIZE) })
        .send(createReadStream(path.join(folder, key)).on('data', sample));
  } else {
    const { openDatabase } = require(path.join(dist, 'open-database.js'));
    const { FileStore } = require(path.join(dist, 'kernel', 'file-storage.js'));
    const { fileKeyFromBytes } = require(path.join(dist, 'config.js'));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-files-db-'));
    const db = await openDatabase({
      dataDir,
      databaseUrl: store === 'postgres' ? process.env.BENCH_DATABASE_URL : null,
      demo: false,
    });
    close = async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    const files = new FileStore(db, fileKeyFromBytes(randomBytes(32)), {
      maxBytes: SIZE,
      tooLarge: 'too large',
      sniff: () => 'application/pdf',
      notAccepted: 'no',
      defaultName: 'file',
      misnamedPart: 'no',
    });
    await files.acceptUploads(app);
    put = (request) => files.receive(request, async (upload) => upload.storageKey);
    get = async (reply, key) => {
      const sent = await files.send(
        reply,
        { storageKey: key, contentType: 'application/pdf', size: SIZE },
        {},
      );
      return sent;
    };
  }
  app.post('/f', async (request) => {
    const { result, peakMb } = await measured(() => put(request));
    return { key: result, peakMb };
  });
  let downloadPeak = 0;
  app.get('/f/:key', async (request, reply) => {
    global.gc?.();
    const base = process.memoryUsage().rss;
    peak = base;
    reply.raw.once('finish', () => {
      sample();
      downloadPeak = (peak - base) / MB;
    });
    return get(reply, request.params.key);
  });
  app.get('/peak', async () => ({ peakMb: downloadPeak }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ address });
  process.on('message', async () => {
    await app.close();
    await close();
    process.exit(0);
  });
}

// ------------------------------------------------------------------------------------------ client side

function request(method, url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function bench(store) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', store], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL },
  });
  const { address } = await new Promise((resolve) => child.once('message', resolve));
  const rows = [];
  for (let run = 0; run < RUNS; run += 1) {
    const bytes = randomBytes(SIZE);
    const boundary = 'bench-boundary-8c1f';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let started = performance.now();
    const up = await request('POST', `${address}/f`, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    const uploadMs = performance.now() - started;
    if (up.status !== 200) throw new Error(`upload: ${up.status} ${up.body}`);
    const { key, peakMb: uploadPeak } = JSON.parse(up.body.toString());
    started = performance.now();
    const down = await request('GET', `${address}/f/${key}`);
    const downloadMs = performance.now() - started;
    if (!down.body.equals(bytes)) throw new Error('download differs from upload');
    const { peakMb: downloadPeak } = JSON.parse((await request('GET', `${address}/peak`)).body.toString());
    rows.push({ uploadMs, downloadMs, uploadPeak, downloadPeak });
  }
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  const median = (k) => rows.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  return {
    store,
    upload: `${median('uploadMs').toFixed(0)} ms`,
    download: `${median('downloadMs').toFixed(0)} ms`,
    'upload peak RSS +': `${median('uploadPeak').toFixed(1)} MB`,
    'download peak RSS +': `${median('downloadPeak').toFixed(1)} MB`,
  };
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]);
} else {
  const stores = ['disk', 'pglite'];
  if (process.env.TEST_DATABASE_URL) stores.push('postgres');
  let schema = null;
  if (process.env.TEST_DATABASE_URL) {
    const { Client } = require('pg');
    schema = `loupe_bench_files_${randomBytes(4).toString('hex')}`;
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    process.env.BENCH_DATABASE_URL = url.toString();
  }
  try {
    console.log(
      `${SIZE / MB} MB file, median of ${RUNS} runs (peak RSS above the server process's resting size):`,
    );
    const results = [];
    for (const store of stores) results.push(await bench(store));
    console.table(results);
  } finally {
    if (schema) {
      const { Client } = require('pg');
      const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    }
  }
}
