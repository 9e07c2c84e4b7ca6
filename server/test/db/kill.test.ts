// Crash safety (issue 12, item 5): the real API process is killed with SIGKILL in the middle of writes from
// several clients, started again on the same data, and every write it answered 2xx must be there, value for
// value. On the embedded database this also proves the lock: the restart must not meet the dead process's lock.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@loupe/contracts';
import { createTestDatabase, PASSWORD, seedFixtures, usingPostgres, type TestDatabase } from '../helper';

jest.setTimeout(300_000);

const SERVER_DIR = path.resolve(__dirname, '..', '..');
const CLIENTS = 4;
/** Acknowledged writes (all clients together) after which the process is killed, mid-loop. */
const KILL_AFTER = 80;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Api {
  base: string;
  child: ChildProcess;
  output: string[];
}

async function startApi(env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/csrf/`)).ok) return { base, child, output };
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 60_000) throw new Error(`the API did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopApi(api: Api, signal: NodeJS.Signals): Promise<void> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill(signal);
  await exited;
}

/** A signed-in member with its cookies and CSRF token, as the browser sends them. */
class Staff {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async send(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.cookies.get(CSRF_COOKIE);
    if (method !== 'GET' && token) headers[CSRF_HEADER] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  async signIn(username: string): Promise<void> {
    await this.send('GET', '/csrf/');
    const response = await this.send('POST', '/token/', { username, password: PASSWORD });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  }
}

interface Write {
  id: number;
  name: string;
  amount: string;
}

let tdb: TestDatabase;

beforeAll(async () => {
  // The process runs dist/, what `npm start:api` runs: brought up to date with the sources (incremental).
  try {
    execFileSync(process.execPath, [path.join(SERVER_DIR, 'scripts', 'ensure-built.mjs')], { stdio: 'pipe' });
  } catch (error) {
    // Type errors elsewhere still emit dist/ (tsc -b): only a missing build is fatal.
    if (!existsSync(path.join(SERVER_DIR, 'dist', 'server.js'))) throw error;
  }
  tdb = await createTestDatabase();
  const db = await tdb.open();
  await seedFixtures(db);
  await db.close();
});
afterAll(async () => {
  await tdb.dispose();
});

it(`keeps every write answered 2xx when the API is killed with SIGKILL mid-loop (${CLIENTS} clients)`, async () => {
  const env = { ...tdb.env, BACKUP_DIR: 'off' };
  const first = await startApi(env);
  const acknowledged: Write[] = [];
  const attempted: string[] = [];
  let killed = false;

  const loop = async (client: number) => {
    const staff = new Staff(first.base);
    await staff.signIn(client % 2 === 0 ? 'platinum' : 'gold');
    for (let n = 0; ; n += 1) {
      const name = `kill-test c${client} #${n}`;
      const amount = `${client + 1}${n}.${String(n % 100).padStart(2, '0')}`;
      attempted.push(name);
      let response: Response;
      try {
        response = await staff.send('POST', '/api/expenses/', { name, amount });
      } catch {
        return; // The process is gone: this write was never answered.
      }
      if (response.status !== 201) {
        // Stops the other clients too: the test fails on this answer, not on a loop that never ends.
        first.child.kill('SIGKILL');
        throw new Error(`expense ${name}: ${response.status} ${await response.text()}`);
      }
      const body = (await response.json()) as { id: number };
      acknowledged.push({ id: body.id, name, amount });
      if (acknowledged.length >= KILL_AFTER && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => loop(i)));
  await stopApi(first, 'SIGKILL');
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

  // Started again at once, on the same data: no stale lock, and it takes writes.
  const second = await startApi(env);
  const staff = new Staff(second.base);
  await staff.signIn('platinum');
  expect(
    (await staff.send('POST', '/api/expenses/', { name: 'after the crash', amount: '1.00' })).status,
  ).toBe(201);
  await stopApi(second, 'SIGTERM');

  const db = await tdb.open();
  try {
    const rows = await db.query<{ id: number; name: string; amount: string }>(
      "SELECT id::int AS id, name, amount::text AS amount FROM expenses WHERE name LIKE 'kill-test %' ORDER BY id",
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = acknowledged.filter((w) => {
      const row = found.get(w.id);
      return !row || row.name !== w.name || Number(row.amount) !== Number(w.amount);
    });
    expect(missing).toEqual([]);
    // Each write is one transaction: an unanswered one is either wholly there or absent, never half.
    expect(rows.every((r) => attempted.includes(r.name))).toBe(true);
    process.stdout.write(
      `kill test (${usingPostgres ? 'PostgreSQL' : 'PGlite'}): ${attempted.length} writes sent by ${CLIENTS} clients, ` +
        `${acknowledged.length} answered 201, ${acknowledged.length - missing.length} of them found after SIGKILL ` +
        `and restart; ${rows.length - acknowledged.length} unanswered writes also landed\n`,
    );
  } finally {
    await db.close();
  }
});
