// @ts-check
// Starts the composed production app exactly as `npm start` does (`node launcher/src/start.mjs`), on free
// ports and a fresh data folder, and stops it again. Shared by the jest global setup, the test that needs a
// second instance with a broken remote, and `npm run bench:web` (an .mjs script), hence plain CommonJS.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..', '..');
const START_SCRIPT = path.join(REPO, 'launcher', 'src', 'start.mjs');
const CREATE_USER_CLI = path.join(REPO, 'server', 'dist', 'cli', 'create-user.js');
const CREATE_SHOP_CLI = path.join(REPO, 'server', 'dist', 'cli', 'create-shop.js');
/** The remotes listen on consecutive ports from REMOTES_PORT_BASE, as many as the remotes list spans. */
const { REMOTES_PORT_SPAN } = require('../../launcher/src/lib.cjs');
const READY_TIMEOUT_MS = 90_000;

/**
 * @typedef {object} NewUser
 * @property {string} username
 * @property {string} password
 * @property {string} [email]
 * @property {string} [firstName]
 * @property {string} [lastName]
 * @property {boolean} [mustChangePassword] the first sign-in must replace the password
 */

/**
 * @typedef {object} NewShop
 * @property {string} name
 * @property {string} owner the username of its platinum owner (one of the users created before it)
 */

/**
 * @typedef {object} AppInstance
 * @property {string} baseUrl the shell's origin, e.g. http://127.0.0.1:41234
 * @property {number} port
 * @property {number} remotesPortBase
 * @property {string} dataDir
 * @property {string} logFile everything the app printed
 * @property {number} pid the process-group leader
 * @property {Record<string, number>} createdUsers user ids of the users created before start, by username
 * @property {Record<string, number>} createdShops shop ids of the shops created before start, by name
 * @property {() => Promise<void>} stop kills the process group and removes the data folder
 */

/** @param {number} port */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now (and closed again). @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The first port the kernel hands out as the local end of an outgoing connection (Linux's
 * net.ipv4.ip_local_port_range; 32768 where it cannot be read). A port the app is to listen on is picked below
 * it: a port probed free in that range can be taken by any process's next outgoing connection before the app
 * binds it (the PostgreSQL run beside this suite opens hundreds), which failed a CI run with EADDRINUSE.
 */
function firstEphemeralPort() {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    if (Number.isInteger(port) && port > 11_000) return port;
  } catch {
    // Not Linux.
  }
  return 32_768;
}

/**
 * `count` consecutive free ports below the ephemeral range, none of them in `avoid`.
 * @param {number} count @param {number[]} [avoid] @returns {Promise<number>} the first
 */
async function freePortRange(count, avoid = []) {
  const low = 10_000;
  const high = firstEphemeralPort() - count;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const base = low + Math.floor(Math.random() * (high - low));
    let ok = true;
    for (let i = 0; i < count && ok; i += 1) {
      ok = !avoid.includes(base + i) && (await portIsFree(base + i));
    }
    if (ok) return base;
  }
  throw new Error(`could not find ${count} consecutive free ports`);
}

/**
 * Runs one of the server's own commands (`user:create`, `shop:create`), which refuse to run while a server
 * holds the data folder: so they run before the app starts. They never create demo data; the app seeds it at
 * start, and only into a database without shops.
 * @param {string} cli @param {string} dataDir @param {string[]} args @returns {unknown} the printed JSON line
 */
function runCommand(cli, dataDir, args) {
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: build the server first (npx lerna run build)`);
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: REPO, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(cli)} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr}\n${result.stdout}`,
    );
  }
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '');
}

/** @param {string} dataDir @param {NewUser[]} users @returns {Record<string, number>} */
function createUsers(dataDir, users) {
  /** @type {Record<string, number>} */
  const ids = {};
  for (const user of users) {
    const args = ['--username', user.username, '--password', user.password];
    if (user.email) args.push('--email', user.email);
    if (user.firstName) args.push('--first-name', user.firstName);
    if (user.lastName) args.push('--last-name', user.lastName);
    if (user.mustChangePassword) args.push('--must-change-password');
    const created = /** @type {{ id: number }} */ (runCommand(CREATE_USER_CLI, dataDir, args));
    ids[user.username] = created.id;
  }
  return ids;
}

/** @param {string} dataDir @param {NewShop[]} shops @returns {Record<string, number>} */
function createShops(dataDir, shops) {
  /** @type {Record<string, number>} */
  const ids = {};
  for (const shop of shops) {
    const created = /** @type {{ shop: { id: number } }} */ (
      runCommand(CREATE_SHOP_CLI, dataDir, ['--name', shop.name, '--owner', shop.owner])
    );
    ids[shop.name] = created.shop.id;
  }
  return ids;
}

/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether `promise` settles within `ms`; the timer is cleared either way, so that a stopped app leaves no
 * pending timer behind (it would keep jest from exiting).
 * @param {Promise<unknown>} promise @param {number} ms @returns {Promise<boolean>}
 */
function settlesWithin(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return /** @type {Promise<boolean>} */ (Promise.race([promise.then(() => true), timeout])).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * @param {object} [options]
 * @param {Record<string, string>} [options.env] extra environment (e.g. REMOTE_ADMIN_URL)
 * @param {NewUser[]} [options.users] users to create before the start
 * @param {NewShop[]} [options.shops] shops to create before the start (then no demo data is seeded)
 * @param {string} [options.label] a name for the temporary folder
 * @returns {Promise<AppInstance>}
 */
async function startApp({ env = {}, users = [], shops = [], label = 'app' } = {}) {
  if (!fs.existsSync(START_SCRIPT)) {
    throw new Error(`${START_SCRIPT} does not exist: the launcher's start script is missing`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `loupe-e2e-${label}-`));
  const logFile = path.join(os.tmpdir(), `${path.basename(dataDir)}.log`);
  /** @type {Record<string, number>} */
  let createdUsers;
  /** @type {Record<string, number>} */
  let createdShops;
  try {
    createdUsers = createUsers(dataDir, users);
    createdShops = createShops(dataDir, shops);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  // A port can still be taken between the probe and the app's bind (another suite's server picking the same
  // one): the app then stops with "port in use" and starts again, on other ports, over the same data folder.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePortRange(1);
    const remotesPortBase = await freePortRange(REMOTES_PORT_SPAN, [port]);
    const started = await launch({ port, remotesPortBase, dataDir, logFile, env });
    if (started.ok) return { ...started.instance, createdUsers, createdShops };
    if (attempt < 3 && /npm start: port in use/.test(started.output)) {
      fs.rmSync(logFile, { force: true });
      continue;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(logFile, { force: true });
    throw new Error(started.problem);
  }
}

/**
 * Spawns start.mjs once and waits until it answers, or until it exits or times out (then it is stopped).
 * @param {{ port: number, remotesPortBase: number, dataDir: string, logFile: string, env: Record<string, string> }} options
 * @returns {Promise<{ ok: true, instance: Omit<AppInstance, 'createdUsers' | 'createdShops'> } | { ok: false, problem: string, output: string }>}
 */
async function launch({ port, remotesPortBase, dataDir, logFile, env }) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: REPO,
    env: {
      ...process.env,
      // Not NODE_ENV=production: the suite signs in as the demo accounts, and a production start refuses
      // to run while any account has their published password.
      HOST: '127.0.0.1',
      PORT: String(port),
      REMOTES_PORT_BASE: String(remotesPortBase),
      DATA_DIR: dataDir,
      // A throwaway database: no automatic backup at start (it would compete with the suite for the CPU).
      BACKUP_DIR: 'off',
      INIT_CWD: REPO,
      LOUPE_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    // Its own process group, so that stop() also reaches whatever start.mjs spawned.
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn start.mjs');

  /** @type {number | null} */
  let exitCode = null;
  let exited = false;
  const exitedPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      exitCode = code ?? (signal ? 128 : 1);
      resolve(undefined);
    });
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  /** Kills the process group; the data folder and the log stay. */
  const kill = async () => {
    if (!exited) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const killed = await settlesWithin(exitedPromise, 8_000);
      if (!killed) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
        await settlesWithin(exitedPromise, 3_000);
      }
    }
    // Children of start.mjs (if any) share the group; make sure none outlives it.
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group is empty.
    }
  };
  const stop = async () => {
    await kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The app's output is kept only on request (LOUPE_E2E_KEEP_LOGS=1); a failed start prints its tail.
    if (!process.env.LOUPE_E2E_KEEP_LOGS) fs.rmSync(logFile, { force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  for (;;) {
    if (exited) {
      const output = fs.readFileSync(logFile, 'utf8');
      return {
        ok: false,
        output,
        problem: `start.mjs exited with code ${exitCode} before it was ready:\n${output.slice(-4000)}`,
      };
    }
    try {
      const response = await fetch(`${baseUrl}/api/auth-check/`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      await kill();
      const output = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      return {
        ok: false,
        output,
        problem:
          `the app did not answer ${baseUrl}/api/auth-check/ within ${READY_TIMEOUT_MS / 1000} s ` +
          `(${lastProblem}):\n${output.slice(-4000)}`,
      };
    }
    await delay(150);
  }

  return { ok: true, instance: { baseUrl, port, remotesPortBase, dataDir, logFile, pid, stop } };
}

module.exports = { startApp, freePort, freePortRange, REPO };
