// What every benchmark of the server shares (scripts/bench*.mjs, scripts/load-day.mjs reads the percentile).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The request limits, lifted: a benchmark measures the routes, not the 429s that limits meant for one shop's
 * staff would answer its load with. Each is set, so that none left in the environment can lower it.
 */
export const UNLIMITED = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_SESSION_PER_MINUTE: '100000000',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
  RATE_LIMIT_FLOOD_PER_MINUTE: '1000000000',
};

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Times `requests` signed-in GETs of `url` through `app.inject`, after five more that warm caches and the JIT;
 * any answer but 200 throws. Returns the times in ms, ascending, and the last answer's JSON. Only the last answer
 * is parsed: a client parses its answers in its own process, and parsing each one here (a page of 50 items is
 * ~35 KB) left garbage that the server's next timed request paid to collect.
 */
export async function timeGets(app, url, cookie, requests) {
  let response;
  const times = await timeCalls(requests, async () => {
    response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  });
  return { times, json: response.json() };
}

/**
 * Times `count` calls of `call`, one at a time, after five more that warm caches and the JIT: ms, ascending.
 * The event loop turns before each call, outside its time, as it does between two requests a server reads from
 * its sockets. Without that turn nothing in the loop waits for I/O on PGlite (its queries answer in this process,
 * through promises alone), so the callbacks each answer leaves for the loop's check phase (`setImmediate`, which
 * light-my-request and Node's streams use to finish an injected response) never ran: every answer of a query's
 * 65 calls stayed referenced, ~18 KB each for a page of 25 (a heap snapshot's retainers: the immediate queue), and
 * the young-generation collections copying them took 4–7 ms inside timed requests, the slowest 5% of them.
 */
export async function timeCalls(count, call) {
  const times = [];
  for (let i = 0; i < count + 5; i += 1) {
    const ms = await timeCall(call);
    if (i >= 5) times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

/** One call's time in ms, the event loop turned before it and outside its time (why: timeCalls). */
export async function timeCall(call) {
  await new Promise((resolve) => setImmediate(resolve));
  const t0 = process.hrtime.bigint();
  await call();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Headers that belong to one connection or one answer's framing, not to what a server chose to send. */
export const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];

/**
 * Signs in to an app built in this process (`buildApp`) the way a browser does — the CSRF cookie first, then
 * the token call — and returns the Cookie header for the calls that follow. The demo owner unless told.
 */
export async function signIn(app, username = 'platinum', password = 'loupe-demo-2026') {
  const csrf = await app.inject({ method: 'GET', url: '/csrf/' });
  const token = csrf.cookies.find((c) => c.name === 'csrftoken').value;
  const response = await app.inject({
    method: 'POST',
    url: '/token/',
    headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token },
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * Seeds `items` items (and 500 clients, an open check-out for every fiftieth item) into the demo shop: a
 * deterministic spread over types, statuses, brands, models and prices; serials are unique hex strings.
 * Returns the seconds it took and the client with most check-outs.
 */
export async function seedStock(db, shopId, userId, items) {
  const started = Date.now();
  await db.query(
    `INSERT INTO clients (shop_id, name, email, created_at, updated_at)
     SELECT $1, 'Bench client ' || g, 'bench' || g || '@example.com', now(), now() FROM generate_series(1, 500) g`,
    [shopId],
  );
  await db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, purchase_price, trade_price,
                        retail_price, status, purchased_on, promoted_at, created_by, created_at, updated_at)
     SELECT $1,
            'SN' || upper(substr(md5(g::text), 1, 4)) || lpad(g::text, 6, '0'),
            (ARRAY['Watches', 'Watches', 'Jewellery', 'Accessories'])[1 + g % 4],
            CASE WHEN g % 4 < 2 THEN (ARRAY['Rolex', 'Omega', 'Cartier'])[1 + g % 3] ELSE '' END,
            CASE WHEN g % 4 < 2 THEN (ARRAY[
              ARRAY['Submariner', 'Daytona', 'Datejust', 'GMT-Master', 'Explorer'],
              ARRAY['Speedmaster', 'Seamaster', 'Constellation', 'De Ville', 'Globemaster'],
              ARRAY['Tank', 'Ballon Bleu', 'Santos', 'Pasha', 'Panthère']])[1 + g % 3][1 + (g / 3) % 5] ELSE '' END,
            'Bench item ' || g,
            round((100 + (g * 7919) % 40000)::numeric + (g % 100) / 100.0, 2),
            round((120 + (g * 7919) % 40000)::numeric, 2),
            round((150 + (g * 7919) % 48000)::numeric, 2),
            CASE WHEN g % 50 = 0 THEN 'checked_out' WHEN g % 7 = 0 THEN 'sold' WHEN g % 23 = 0 THEN 'unavailable'
                 ELSE 'available' END,
            date '2026-01-01' - (g % 700),
            CASE WHEN g % 997 = 0 THEN now() END,
            $2,
            timestamp '2020-01-01' + g * interval '1 minute',
            timestamp '2020-01-01' + g * interval '1 minute'
       FROM generate_series(1, $3::int) g`,
    [shopId, userId, items],
  );
  await db.query(
    `INSERT INTO checkouts (shop_id, item_id, client_id, due_date, note, checked_out_by, checked_out_at)
     SELECT i.shop_id, i.id, c.ids[1 + i.id % array_length(c.ids, 1)], date '2026-03-01' + (i.id % 60), '', $2, now()
       FROM items i, (SELECT array_agg(id ORDER BY id) AS ids FROM clients WHERE shop_id = $1) c
      WHERE i.shop_id = $1 AND i.status = 'checked_out'
        AND NOT EXISTS (SELECT 1 FROM checkouts o WHERE o.item_id = i.id AND o.returned_at IS NULL)`,
    [shopId, userId],
  );
  // PostgreSQL's autovacuum vacuums a table after many inserts (PostgreSQL 13 and later), which sets the
  // visibility map that index-only counts rely on: the bench measures that steady state, not the minutes
  // before it. PGlite has no autovacuum daemon: bench-items.mjs measures it as the inserts leave it, then again
  // after the product's own maintenance run (db/maintenance.ts), which a running shop gets within a minute.
  await db.exec(db.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  const client = await db.query(
    `SELECT client_id FROM checkouts WHERE shop_id = $1 GROUP BY client_id ORDER BY count(*) DESC LIMIT 1`,
    [shopId],
  );
  return { seconds: (Date.now() - started) / 1000, clientId: client[0].client_id };
}

/**
 * In a bench's child process: listens on loopback, runs `ready` (before the parent can send anything), writes
 * `announce(address)` as one JSON line for the parent, and when the parent ends its stdin or sends SIGTERM runs
 * `beforeClose`, closes the app, runs `cleanup` and exits.
 */
export async function serveUntilParentEnds(
  app,
  announce,
  { ready = async () => {}, beforeClose = async () => {}, cleanup = async () => {} } = {},
) {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  await ready();
  process.stdout.write(`${JSON.stringify(announce(address))}\n`);
  const stop = async () => {
    await beforeClose();
    await app.close();
    await cleanup();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

/**
 * The targets in the order they take round `i` of a bench's turns: each round starts one further along, so that no
 * target always runs first or always after the same neighbour. It does not make two server processes equal: two
 * copies of one build (`BENCH_COMPARE` at a copy of dist/) differed by 2-32% in server CPU a request, in turns of a
 * fixed order and rotated alike, on 29 November 2026 (docs/perf/auth-check-profile.md, sixth round).
 */
export const inTurn = (targets, i) => targets.map((_, k) => targets[(i + k) % targets.length]);

/**
 * Serves a target alone, in rounds of its own, until it has answered BENCH_WARMUP_REQUESTS (default 50,000; at
 * most 60 rounds), so that the figures after it are a warm server's. V8 compiles a path in tiers (interpreter,
 * baseline, optimised) as it gets hot, and a signed-in Loupe request runs through far more code than a bare
 * route: measured on this machine, the signed-in /auth-check/ server's CPU a request fell from ~540 to ~110 µs
 * over its first ~40,000 requests (its V8 worker threads, compiling, were a fifth of its CPU meanwhile), where a
 * bare route is warm within a few thousand. A server in a shop runs for days; a second or two of warm-up
 * measured mostly its compiling.
 * @param {() => Promise<{ requests: number, cpuMicros: number | null }>} round one round on the target: the
 *   requests it answered and the server's CPU meanwhile (µs; null where it cannot be read)
 * @returns {Promise<string>} the warm-up, in words
 */
export async function warmUp(round) {
  const wanted = Number(process.env.BENCH_WARMUP_REQUESTS ?? 50_000);
  const perRequest = [];
  let served = 0;
  while (served < wanted && perRequest.length < 60) {
    const { requests, cpuMicros } = await round();
    served += requests;
    perRequest.push(cpuMicros === null ? null : cpuMicros / Math.max(1, requests));
  }
  if (perRequest.length === 0) return 'none (BENCH_WARMUP_REQUESTS=0)';
  const [first, last] = [perRequest[0], perRequest.at(-1)];
  const cpu =
    first === null || last === null ? '' : `, server CPU ${first.toFixed(0)} → ${last.toFixed(0)} µs/request`;
  return `${served} requests in ${perRequest.length} rounds${cpu}`;
}

/**
 * Node's flags for a server perf records: --perf-prof makes V8 write each piece of code it compiles, when and
 * where, to jit-<pid>.dump in the working folder, which `perf inject --jit` reads (a map file, --perf-basic-prof,
 * only grows: code moved or freed by the collector kept its old name).
 */
export const PERF_NODE_FLAGS = ['--perf-prof'];

/** An empty folder `<perf>/<name>` for one server's record, its jitdump and its named code; its path. */
export function perfFolderOf(perf, name) {
  const folder = path.resolve(perf, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * `perf record` of one server process, every thread, started with its events off (`-D -1`) and switched on and
 * off through a control FIFO (perf-record(1), --control), so that it samples the target's own rounds only.
 * @returns {Promise<{ enable(): Promise<void>, disable(): Promise<void>, done: Promise<void> }>}
 */
export async function perfRecord(pid, file) {
  const fifos = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-perf-'));
  const control = path.join(fifos, 'control');
  const ack = path.join(fifos, 'ack');
  execFileSync('mkfifo', [control, ack]);
  // -k mono: the clock V8's jitdump stamps its records with, so that `perf inject --jit` names each sample by
  // the code at that address at that moment.
  const args = ['record', '-k', 'mono', '-F', '999', '-g', '-p', String(pid), '-D', '-1'];
  const perf = spawn('perf', [...args, '--control', `fifo:${control},${ack}`, '-o', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const failed = new Promise((_resolve, reject) => {
    perf.once('error', (error) =>
      reject(new Error(`BENCH_PERF needs Linux perf (apt-get install linux-perf): ${error.message}`)),
    );
    perf.once('exit', (code) => reject(new Error(`perf record exited (${code}) before the load`)));
  });
  failed.catch(() => undefined);
  // Opening a FIFO waits for its other end: perf opens both as it starts.
  const [controlFile, ackFile] = await Promise.race([
    Promise.all([open(control, 'w'), open(ack, 'r')]),
    failed,
  ]);
  const say = async (command) => {
    await controlFile.write(`${command}\n`);
    await ackFile.read(Buffer.alloc(16), 0, 16);
  };
  const done = new Promise((resolve) => perf.once('exit', resolve)).then(async () => {
    await Promise.allSettled([controlFile.close(), ackFile.close()]);
    rmSync(fifos, { recursive: true, force: true });
    // One small ELF file a compiled function, beside the record, named from the jitdump (jit-<pid>.dump).
    execFileSync(
      'perf',
      ['inject', '--jit', '-i', file, '-o', path.join(path.dirname(file), 'jitted.perf.data')],
      {
        cwd: path.dirname(file),
        stdio: 'ignore',
      },
    );
  });
  return { enable: () => say('enable'), disable: () => say('disable'), done };
}

/**
 * The CPU a process or a thread has used so far, user and system apart, in µs, from its /proc stat file (Linux,
 * proc(5): utime and stime, fields 14 and 15, in clock ticks of 10 ms: USER_HZ is 100 on every architecture);
 * null where it cannot be read.
 */
export function procCpu(statFile) {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // After the name in parentheses (which may hold spaces or parentheses): field 3 (state) onwards.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
  } catch {
    return null;
  }
}
