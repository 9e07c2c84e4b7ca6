#!/usr/bin/env node
// `npm run load:day -w @loupe/server`: a busy day in the shop (issue 26, goal 4), on PostgreSQL, through two API
// instances (`node dist/server.js`, what `npm run start:api` runs) behind a small round-robin proxy, with the
// default request limits. 20 members of staff (the demo shop's platinum, gold and silver accounts, several
// sessions each) work in loops with a think time: stock lists with filters, item pages, scans by serial, the
// dashboard, reports, clients, and writes — an item bought in and sold, quick sales, expenses. Halfway through,
// one instance is killed (SIGKILL) and the proxy sends everything to the other, as a load balancer's health
// check would. At the end every write that was answered 2xx is read back, and the script prints per endpoint
// p50/p95/p99 and errors, the instances' memory over time, and the goals beside the figures.
//
//   DATABASE_URL or TEST_DATABASE_URL   the PostgreSQL to use (a schema of its own is made and dropped)
//   LOAD_SECONDS (default 300), LOAD_STAFF (default 20), LOAD_KILL (default 1: kill one instance halfway)
//   LOAD_VISITORS (default 20): anonymous visitors of the demo shop's storefront (/store/loupe-demo/) at the same
//   time — the listing with and without filters and its pages, item pages reached from it, their photos, the
//   sitemap — with no cookie, as a browser without an account (or a crawler) asks. An item sold meanwhile
//   answers 410 Gone, which the storefront is meant to say, so 410 is not an error for an item page.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { percentile } from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const STAFF = Number(process.env.LOAD_STAFF ?? 20);
const KILL = (process.env.LOAD_KILL ?? '1') !== '0';
const VISITORS = Number(process.env.LOAD_VISITORS ?? 20);
const STORE = '/store/loupe-demo';
const PASSWORD = 'loupe-demo-2026';
const baseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

if (!baseUrl) {
  console.error(
    'load-day needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL (two API instances cannot share the ' +
      'embedded database). On this project: see .ci/run for a local one.',
  );
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------------
// The database: a schema of its own, the demo data written by the first instance's start.

const { Client } = require('pg');
const schema = `loupe_load_${randomBytes(5).toString('hex')}`;
const schemaUrl = (() => {
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
})();

async function sql(text, params = []) {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Two API processes and the proxy.

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startInstance(name) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: schemaUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOUPE_DEMO: '1',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/csrf/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`${name} did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { name, port, child, output, alive: true };
}

/** Round robin over the instances still alive; a refused connection marks one dead and tries the next. */
function roundRobinProxy(instances) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => forward(Buffer.concat(chunks), 0));
    const forward = (body, attempt) => {
      const alive = instances.filter((instance) => instance.alive);
      if (alive.length === 0 || attempt > instances.length) {
        response.writeHead(502).end();
        return;
      }
      const backend = alive[next++ % alive.length];
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: backend.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => {
        // Refused: the request never reached it, so sending it elsewhere cannot do it twice.
        if (error.code === 'ECONNREFUSED') {
          backend.alive = false;
          forward(body, attempt + 1);
        } else if (!response.headersSent && (request.method === 'GET' || request.method === 'HEAD')) {
          // Cut off mid-answer: a read can be asked again elsewhere, as nginx's proxy_next_upstream does;
          // a write cannot (it may have happened), so its client is told 502 and it is not acknowledged.
          backend.alive = error.code !== 'ECONNRESET' && backend.alive;
          forward(body, attempt + 1);
        } else if (!response.headersSent) {
          response.writeHead(502).end();
        } else {
          response.destroy();
        }
      });
      upstream.end(body);
    };
  });
  return {
    async listen() {
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${server.address().port}`;
    },
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Staff: a cookie jar each, CSRF as the browser sends it, every answer timed under its endpoint's name.

const timings = new Map(); // endpoint → ms[]
const failures = new Map(); // endpoint → [{status, phase}]
let phase = 'both instances';

function record(endpoint, ms, ok, status, body) {
  if (!timings.has(endpoint)) timings.set(endpoint, []);
  timings.get(endpoint).push(ms);
  if (!ok) {
    if (!failures.has(endpoint)) failures.set(endpoint, []);
    failures.get(endpoint).push({ status, phase });
    // The first refusal of each endpoint, so that an error is explained rather than only counted.
    if (failures.get(endpoint).length === 1)
      console.log(`  first error of ${endpoint}: ${status} ${String(body).slice(0, 200)}`);
  }
}

class Staff {
  constructor(base, username) {
    this.base = base;
    this.username = username;
    this.cookies = new Map();
  }

  async send(endpoint, method, url, body, expected = [200, 201]) {
    const headers = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.cookies.has('csrftoken'))
      headers['x-csrftoken'] = this.cookies.get('csrftoken');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status = 0;
    let json = null;
    let text = '';
    try {
      const response = await fetch(this.base + url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = response.status;
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      text = await response.text();
      if ((response.headers.get('content-type') ?? '').includes('json') && text) json = JSON.parse(text);
    } catch (error) {
      status = 0; // the connection failed: not acknowledged
      text = String(error?.cause?.code ?? error);
    }
    record(endpoint, performance.now() - started, expected.includes(status), status, text);
    return { status, json, text };
  }

  async signIn() {
    await this.send('GET /csrf/', 'GET', '/csrf/');
    const answer = await this.send('POST /token/', 'POST', '/token/', {
      username: this.username,
      password: PASSWORD,
    });
    if (answer.status !== 200) throw new Error(`${this.username} could not sign in (${answer.status})`);
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const today = () => new Date().toISOString().slice(0, 10);
/** What was acknowledged (2xx) and must be read back at the end. */
const acknowledged = { items: [], sold: [], quickSales: [], expenses: [] };
let serialCounter = 0;
/** Items per list filter, as the last answer counted them. */
const pageCounts = new Map();

/** Picks one of `tasks` ([weight, run]) at random by weight, runs it, waits `fromMs`–`toMs`, until `until`. */
async function weightedLoop(tasks, until, fromMs, toMs) {
  const total = tasks.reduce((sum, [weight]) => sum + weight, 0);
  while (Date.now() < until) {
    let roll = Math.random() * total;
    const task = tasks.find(([weight]) => (roll -= weight) < 0)?.[1] ?? tasks[0][1];
    await task();
    await new Promise((resolve) => setTimeout(resolve, fromMs + Math.random() * (toMs - fromMs)));
  }
}

/** One member of staff's day: weighted tasks, 0.3–1.5 s apart, until the end. */
async function workDay(staff, until) {
  const role = staff.username;
  const knownItems = [];
  const tasks = [
    [
      30,
      async () => {
        const filters = pick([
          '',
          '&stock_type=Watches',
          '&status=available',
          '&ordering=-listing_price',
          '&search=R',
        ]);
        // A page that exists for this filter (as the list's pager offers), as last counted.
        const pages = Math.max(1, Math.ceil((pageCounts.get(filters) ?? 25) / 25));
        const page = 1 + Math.floor(Math.random() * Math.min(pages, 3));
        const url = (p) => `/api/items/?page=${p}&page_size=25${filters}`;
        // A page past the end (the list shrank since it was counted: items sold) answers 404 "Invalid page.",
        // and the list goes back to page 1, as the browser's pager does.
        let list = await staff.send(
          'GET /api/items/ (page of 25)',
          'GET',
          url(page),
          undefined,
          page > 1 ? [200, 404] : [200],
        );
        if (list.status === 404) list = await staff.send('GET /api/items/ (page of 25)', 'GET', url(1));
        if (typeof list.json?.count === 'number') pageCounts.set(filters, list.json.count);
        for (const item of list.json?.results ?? []) knownItems.push({ id: item.id, serial: item.serial });
        if (knownItems.length > 200) knownItems.splice(0, knownItems.length - 200);
      },
    ],
    [
      15,
      async () => {
        const item = knownItems.length ? pick(knownItems) : null;
        if (item) await staff.send('GET /api/items/:id/ (item page)', 'GET', `/api/items/${item.id}/`);
      },
    ],
    [
      10,
      async () => {
        const item = knownItems.length ? pick(knownItems) : null;
        if (item)
          await staff.send(
            'GET /api/items/by-serial/ (scan)',
            'GET',
            `/api/items/by-serial/?serial=${encodeURIComponent(item.serial)}`,
            undefined,
            [200, 404],
          );
      },
    ],
    [8, () => staff.send('GET /api/items/summary/ (dashboard)', 'GET', '/api/items/summary/')],
    [6, () => staff.send('GET /api/clients/ (page of 25)', 'GET', '/api/clients/?page=1&page_size=25')],
    [4, () => staff.send('GET /auth-check/', 'GET', '/auth-check/')],
    [
      4,
      () =>
        role === 'silver'
          ? staff.send('GET /api/expenses/ (page of 25)', 'GET', '/api/expenses/?page=1&page_size=25')
          : staff.send('GET /api/reports/ (monthly sales)', 'GET', '/api/reports/?type=sales&range=monthly'),
    ],
    [
      5,
      async () => {
        serialCounter += 1;
        const serial = `LOAD-${process.pid}-${serialCounter}-${randomBytes(2).toString('hex')}`;
        const made = await staff.send('POST /api/items/ (buy in)', 'POST', '/api/items/', {
          serial,
          stockType: 'Watches',
          brand: 'Rolex',
          model: 'Submariner',
          description: 'Load test',
          retailPrice: '9500',
          transactions: [{ type: 'cash', amount: '7000' }],
        });
        if (made.status !== 201) return;
        acknowledged.items.push(made.json.id);
        const sold = await staff.send(
          'POST /api/items/:id/sell/ (sale)',
          'POST',
          `/api/items/${made.json.id}/sell/`,
          {
            price: '9500',
            paymentMethod: 'Credit Card',
          },
        );
        if (sold.status === 200) acknowledged.sold.push(made.json.id);
      },
    ],
    [
      5,
      async () => {
        const made = await staff.send('POST /api/quick-sales/', 'POST', '/api/quick-sales/', {
          name: 'Strap',
          amount: '120',
          payment_method: 'Debit Card',
          date: today(),
        });
        if (made.status === 201) acknowledged.quickSales.push(made.json.id);
      },
    ],
    [
      3,
      async () => {
        const made = await staff.send('POST /api/expenses/', 'POST', '/api/expenses/', {
          name: 'Courier',
          amount: '18.50',
          payment_method: 'Debit Card',
          date: today(),
        });
        if (made.status === 201) acknowledged.expenses.push(made.json.id);
      },
    ],
  ];
  await weightedLoop(tasks, until, 300, 1500);
}

/** One anonymous visitor of the storefront: browses the listing and item pages, 0.5–3 s apart, until the end. */
async function browseStore(visitor, until) {
  const seen = [];
  const links = (html, pattern) => [...new Set([...String(html).matchAll(pattern)].map((m) => m[1]))];
  const tasks = [
    [
      30,
      async () => {
        const filters = pick(['', '?type=Watches', '?brand=Rolex', '?min=1000&max=10000', '?page=2']);
        const page = await visitor.send(
          'GET /store/{slug}/ (listing)',
          'GET',
          `${STORE}/${filters}`,
          undefined,
          filters === '?page=2' ? [200, 404] : [200],
        );
        if (page.status !== 200) return;
        const items = links(page.text, /href="(\/store\/loupe-demo\/items\/[^"?#]+)"/g);
        seen.push(...items);
        if (seen.length > 100) seen.splice(0, seen.length - 100);
      },
    ],
    [
      45,
      async () => {
        if (seen.length === 0) return;
        const page = await visitor.send(
          'GET /store/{slug}/items/:id (item page)',
          'GET',
          pick(seen),
          undefined,
          [200, 410],
        );
        const photos = links(page.text, /src="(\/store\/loupe-demo\/images\/[^"]+)"/g);
        if (photos.length > 0)
          await visitor.send('GET /store/{slug}/images/:id (photo)', 'GET', photos[0], undefined, [200, 404]);
      },
    ],
    [5, () => visitor.send('GET /store/{slug}/sitemap.xml', 'GET', `${STORE}/sitemap.xml`)],
  ];
  await weightedLoop(tasks, until, 500, 3000);
}

// ---------------------------------------------------------------------------------------------------------

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

async function main() {
  execFileSync(process.execPath, [path.join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
  await sql(`CREATE SCHEMA ${schema}`);
  const instances = [];
  const proxy = roundRobinProxy(instances);
  try {
    // The first start migrates and writes the demo shop; the second finds it there.
    instances.push(await startInstance('a'));
    instances.push(await startInstance('b'));
    const base = await proxy.listen();
    console.log(
      `Load test: ${STAFF} staff and ${VISITORS} storefront visitors for ${SECONDS} s through a round-robin proxy over 2 API instances on PostgreSQL` +
        `${KILL ? ', one instance killed (SIGKILL) halfway' : ''}; Node ${process.version}`,
    );
    const accounts = ['platinum', 'gold', 'gold', 'silver', 'silver'];
    const staff = Array.from({ length: STAFF }, (_, i) => new Staff(base, accounts[i % accounts.length]));
    for (const member of staff) await member.signIn();

    const memory = [];
    const sample = () =>
      memory.push({
        at: Math.round((Date.now() - started) / 1000),
        ...Object.fromEntries(instances.map((i) => [i.name, i.alive ? rssMb(i.child.pid) : null])),
      });
    const started = Date.now();
    const until = started + SECONDS * 1000;
    sample();
    const sampler = setInterval(sample, Math.max(5_000, (SECONDS * 1000) / 20));
    let killer = null;
    if (KILL) {
      killer = setTimeout(
        () => {
          const victim = instances[1];
          victim.child.kill('SIGKILL');
          phase = 'after the kill';
          console.log(
            `  ${Math.round((Date.now() - started) / 1000)} s: instance ${victim.name} killed (SIGKILL)`,
          );
        },
        (SECONDS * 1000) / 2,
      );
    }
    const visitors = Array.from({ length: VISITORS }, () => new Staff(base, 'visitor'));
    await Promise.all([
      ...staff.map((member) => workDay(member, until)),
      ...visitors.map((visitor) => browseStore(visitor, until)),
    ]);
    clearInterval(sampler);
    if (killer) clearTimeout(killer);
    sample();

    // Every acknowledged write, read back through the instance left.
    const reader = staff[0];
    let lost = 0;
    for (const id of acknowledged.items) {
      const answer = await reader.send('read-back', 'GET', `/api/items/${id}/`);
      const sold = acknowledged.sold.includes(id);
      if (answer.status !== 200 || (sold && answer.json?.status !== 'sold')) lost += 1;
    }
    const listed = async (url, key) => {
      const ids = new Set();
      for (let page = 1; ; page += 1) {
        const answer = await reader.send('read-back', 'GET', `${url}?page=${page}&page_size=100`);
        const rows = answer.json?.results ?? [];
        for (const row of rows) ids.add(row[key]);
        if (rows.length === 0 || page * 100 >= (answer.json?.count ?? 0)) break;
      }
      return ids;
    };
    const quickSaleIds = await listed('/api/quick-sales/', 'id');
    const expenseIds = await listed('/api/expenses/', 'id');
    lost += acknowledged.quickSales.filter((id) => !quickSaleIds.has(id)).length;
    lost += acknowledged.expenses.filter((id) => !expenseIds.has(id)).length;

    // The report.
    console.log('');
    console.log(
      `${'endpoint'.padEnd(40)} ${'requests'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}`,
    );
    let errorsBefore = 0;
    let errorsAfter = 0;
    for (const [endpoint, values] of [...timings].sort()) {
      if (endpoint === 'read-back') continue;
      const sorted = [...values].sort((a, b) => a - b);
      const failed = failures.get(endpoint) ?? [];
      errorsBefore += failed.filter((f) => f.phase === 'both instances').length;
      errorsAfter += failed.filter((f) => f.phase !== 'both instances').length;
      console.log(
        `${endpoint.padEnd(40)} ${String(values.length).padStart(8)} ${percentile(sorted, 50).toFixed(1).padStart(7)} ` +
          `${percentile(sorted, 95).toFixed(1).padStart(7)} ${percentile(sorted, 99).toFixed(1).padStart(7)} ${String(failed.length).padStart(6)}`,
      );
    }
    const statuses = [...failures.values()]
      .flat()
      .reduce((acc, f) => ((acc[f.status] = (acc[f.status] ?? 0) + 1), acc), {});
    console.log('');
    console.log(
      `errors with both instances up: ${errorsBefore} (goal 0) ${errorsBefore === 0 ? 'OK' : 'ABOVE GOAL'}`,
    );
    if (KILL)
      console.log(
        `errors after the kill (requests in flight on the killed instance): ${errorsAfter}; statuses ${JSON.stringify(statuses)}`,
      );
    const writes =
      acknowledged.items.length +
      acknowledged.sold.length +
      acknowledged.quickSales.length +
      acknowledged.expenses.length;
    console.log(
      `acknowledged writes: ${writes}; lost: ${lost} (goal 0) ${lost === 0 ? 'OK' : 'LOST WRITES'}`,
    );
    console.log(
      'memory (RSS MB) over time: ' +
        memory.map((m) => `${m.at}s a=${m.a?.toFixed(0) ?? '-'} b=${m.b?.toFixed(0) ?? '-'}`).join(', '),
    );
    const a = memory.map((m) => m.a).filter((v) => v !== null);
    const settled = a.slice(Math.floor(a.length / 4));
    if (settled.length >= 2) {
      const growth = settled[settled.length - 1] - settled[0];
      console.log(
        `instance a after warm-up: ${settled[0].toFixed(0)} → ${settled[settled.length - 1].toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB; goal: flat)`,
      );
    }
  } finally {
    await proxy.close();
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        const exited = new Promise((resolve) => instance.child.once('exit', resolve));
        instance.child.kill('SIGTERM');
        await exited;
      }
    }
    await sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
