// The API as a real process (`node dist/server.js`, what `npm run start:api` runs), for the tests that need
// what no in-process app shows: a SIGKILL in the middle of writes (db/kill.test.ts), or several instances on
// one database (instances/round-robin.test.ts). Talked to over HTTP by a client that keeps cookies and sends
// the CSRF token as the browser's HTTP client does.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@loupe/contracts';
import { PASSWORD } from '../helper';

const SERVER_DIR = path.resolve(__dirname, '..', '..');

/** Brings dist/ up to date with the sources (incremental tsc -b); only a missing build is fatal. */
export function ensureServerBuilt(): void {
  try {
    execFileSync(process.execPath, [path.join(SERVER_DIR, 'scripts', 'ensure-built.mjs')], { stdio: 'pipe' });
  } catch (error) {
    // Type errors elsewhere still emit dist/ (tsc -b).
    if (!existsSync(path.join(SERVER_DIR, 'dist', 'server.js'))) throw error;
  }
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** What it printed, for the message of a test that fails on it. */
  output: string[];
}

/**
 * Starts the API on a free port with `env` on top of this process's; resolves once it answers. A port probed
 * free can be taken before the API binds it (the kernel hands the same range to outgoing connections, and the
 * suites beside this one open many): an API that stops on EADDRINUSE is started again on another port.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startApiProcessOnce(env);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startApiProcessOnce(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Warnings and errors reach `output`, for the message of a test that fails on this process.
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // Its output is all read once its pipes close, which may come after its exit.
  const closed = new Promise((resolve) => child.once('close', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    // A process that exits first fails the test with what it printed.
    if (child.exitCode !== null) {
      await closed;
      throw new Error(`the API exited (${child.exitCode}):\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${base}/csrf/`)).ok) return { base, port, child, output };
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 60_000) throw new Error(`the API did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopApiProcess(api: ApiProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill(signal);
  await exited;
}

export interface Answer {
  status: number;
  body: Buffer;
  headers: Headers;
  json<T>(): T;
}

/** A member of staff over HTTP: one cookie jar, whichever instance each request goes to. */
export class HttpStaff {
  private readonly cookies = new Map<string, string>();

  async send(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const sent: Record<string, string> = { ...headers };
    if (this.cookies.size > 0) sent.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.cookies.get(CSRF_COOKIE);
    if (method !== 'GET' && token) sent[CSRF_HEADER] = token;
    let payload: Uint8Array | string | undefined;
    if (Buffer.isBuffer(body)) payload = new Uint8Array(body);
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      sent['content-type'] = 'application/json';
    }
    const response = await fetch(base + url, { method, headers: sent, body: payload });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      body: bytes,
      headers: response.headers,
      json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
    };
  }

  async signIn(base: string, username: string, password = PASSWORD): Promise<Answer> {
    if (!this.cookies.has(CSRF_COOKIE)) await this.send(base, 'GET', '/csrf/');
    return this.send(base, 'POST', '/token/', { username, password });
  }
}
