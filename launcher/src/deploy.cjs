#!/usr/bin/env node
// `npm run remote:deploy -- <remote> <url>` and `npm run remote:rollback -- <remote>`: switch the build a
// running shell serves for one remote, atomically and only after checking the new one, with the previous
// entry kept for a rollback. The shell's server reads the file on every /remotes.json (no restart), and open
// pages pick the change up at the next visit to that remote's area.
'use strict';

const path = require('node:path');
const { checkRemoteContract, requiredExposes } = require('../../platform/build/remote-contract.cjs');
const PLATFORM = require('../../platform/package.json');
const {
  REMOTES,
  deployedRemotesFile,
  manifestUrl,
  readDeployedRemotes,
  writeDeployedRemotes,
} = require('./lib.cjs');

/** Exit codes, one per kind of refusal, so a pipeline can tell them apart. */
const EXIT = {
  ok: 0,
  usage: 2,
  unreachable: 3,
  headers: 4,
  incompatible: 5,
  nothingToRollBack: 6,
  file: 7,
};

class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** `inventory`, `remote-inventory` or `remote_inventory`. */
function findRemote(name) {
  const wanted = String(name ?? '').trim();
  const remote = REMOTES.find((r) => r.key === wanted || r.dir === wanted || r.name === wanted);
  if (!remote) {
    throw new Refusal(
      EXIT.usage,
      `unknown remote ${JSON.stringify(wanted)}: one of ${REMOTES.map((r) => r.key).join(', ')}`,
    );
  }
  return remote;
}

const FETCH_TIMEOUT_MS = 10_000;

async function get(fetchImpl, url, origin) {
  try {
    const response = await fetchImpl(url, {
      headers: { Origin: origin, 'Accept-Encoding': 'identity' },
      redirect: 'manual',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    throw new Refusal(EXIT.unreachable, `${url} cannot be reached: ${error.cause?.message ?? error.message}`);
  }
}

/** A page open in a browser must see a new deploy at once: the file is revalidated on every load. */
function revalidated(cacheControl) {
  return /(^|,)\s*(no-cache|no-store|max-age=0)\s*(,|$)/i.test(cacheControl ?? '');
}

function checkServed(what, url, response, origin) {
  if (response.status !== 200) {
    throw new Refusal(EXIT.unreachable, `${what} ${url} answered ${response.status}, not 200`);
  }
  const allowed = response.headers.get('access-control-allow-origin');
  if (allowed !== '*' && allowed !== origin) {
    throw new Refusal(
      EXIT.headers,
      `${what} ${url} does not allow the shell's origin ${origin} (Access-Control-Allow-Origin: ${allowed ?? 'none'})`,
    );
  }
  const cacheControl = response.headers.get('cache-control');
  if (!revalidated(cacheControl)) {
    throw new Refusal(
      EXIT.headers,
      `${what} ${url} may be cached (Cache-Control: ${cacheControl ?? 'none'}); it must be served no-cache`,
    );
  }
}

/**
 * Every check, in the order a failure is cheapest to explain: reachable, CORS and cache headers of the
 * manifest, the contract (this remote's build, the platform range, the exposes), then the entry script.
 * @returns {Promise<string[]>} the lines that say what passed
 */
async function verifyRemote({ remote, entry, origin, fetchImpl }) {
  const passed = [];
  const manifestResponse = await get(fetchImpl, entry, origin);
  checkServed('the manifest', entry, manifestResponse, origin);
  passed.push(`reachable, CORS allows ${origin}, no-cache: ${entry}`);
  let manifest;
  try {
    manifest = JSON.parse(manifestResponse.body);
  } catch {
    throw new Refusal(EXIT.incompatible, `${entry} is not JSON: not a federation manifest`);
  }
  const check = checkRemoteContract({
    manifest,
    name: remote.name,
    platformVersion: PLATFORM.version,
    exposes: requiredExposes(remote),
  });
  if (!check.ok) throw new Refusal(EXIT.incompatible, check.message);
  passed.push(
    `built for @loupe/platform ${check.range} (this platform: ${PLATFORM.version}), exposes ${requiredExposes(remote).join(', ')}`,
  );
  const remoteEntry = manifest.metaData?.remoteEntry;
  if (!remoteEntry || typeof remoteEntry.name !== 'string') {
    throw new Refusal(EXIT.incompatible, `${entry} names no remoteEntry script`);
  }
  const scriptUrl = new URL(
    `${remoteEntry.path ? `${String(remoteEntry.path).replace(/\/$/, '')}/` : ''}${remoteEntry.name}`,
    entry,
  ).href;
  checkServed('the entry script', scriptUrl, await get(fetchImpl, scriptUrl, origin), origin);
  passed.push(`entry script reachable, CORS and no-cache: ${scriptUrl}`);
  return passed;
}

function readFile(file) {
  try {
    return readDeployedRemotes(file);
  } catch (error) {
    throw new Refusal(EXIT.file, `${file} cannot be read (${error.message}); fix or remove it first`);
  }
}

/** Checks the build at `url`, then makes it the remote's entry, keeping the one it replaces. */
async function deploy({ name, url, file, origin, fetchImpl = globalThis.fetch, now = () => new Date() }) {
  const remote = findRemote(name);
  let entry;
  try {
    const parsed = new URL(String(url ?? '').trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    entry = manifestUrl(parsed.href);
  } catch {
    throw new Refusal(EXIT.usage, `${JSON.stringify(url ?? '')} is not an absolute http(s) URL`);
  }
  const passed = await verifyRemote({ remote, entry, origin, fetchImpl });
  // Read after the checks (they take seconds): another deploy meanwhile is then kept as the previous one.
  const data = readFile(file);
  const current = data.remotes[remote.key];
  data.remotes[remote.key] = {
    entry,
    deployedAt: now().toISOString(),
    // Before any deploy, what is replaced is the start's own entry (null), which a rollback returns to.
    previous: current
      ? { entry: current.entry, deployedAt: current.deployedAt }
      : { entry: null, deployedAt: null },
  };
  writeDeployedRemotes(file, data);
  return {
    remote,
    lines: [
      ...passed.map((line) => `✓ ${line}`),
      `Deployed ${remote.key}: ${entry}`,
      `  previous: ${current?.entry ?? 'the start’s own (REMOTE_*_URL or its local port)'}`,
      `  npm run remote:rollback -- ${remote.key}   switches back`,
    ],
  };
}

/** Swaps the remote's entry with the one it replaced (so a second rollback rolls forward again). */
function rollback({ name, file, now = () => new Date() }) {
  const remote = findRemote(name);
  const data = readFile(file);
  const current = data.remotes[remote.key];
  if (!current || !current.previous) {
    throw new Refusal(
      EXIT.nothingToRollBack,
      `${remote.key} has no previous entry to go back to in ${file}: it was never deployed here`,
    );
  }
  data.remotes[remote.key] = {
    entry: current.previous.entry,
    deployedAt: now().toISOString(),
    previous: { entry: current.entry, deployedAt: current.deployedAt },
  };
  writeDeployedRemotes(file, data);
  return {
    remote,
    lines: [
      `Rolled back ${remote.key}: ${current.previous.entry ?? 'the start’s own (REMOTE_*_URL or its local port)'}`,
      `  replaced: ${current.entry ?? 'the start’s own'}`,
    ],
  };
}

const USAGE = [
  'usage: npm run remote:deploy -- <remote> <url>     (the URL the build is served from, or its mf-manifest.json)',
  '       npm run remote:rollback -- <remote>',
  `remotes: ${REMOTES.map((r) => r.key).join(', ')}`,
  'environment: DATA_DIR or REMOTES_FILE (as for npm start), SHELL_ORIGIN (default http://localhost:PORT)',
].join('\n');

/** The command line; returns the exit code. */
async function main(
  argv,
  env,
  { fetchImpl = globalThis.fetch, out = console.log, err = console.error } = {},
) {
  const [command, ...args] = argv;
  // As npm start: the repository's data folder unless DATA_DIR says otherwise.
  const dataDir = (env.DATA_DIR ?? '').trim() || path.join(__dirname, '..', '..', 'data');
  const file = deployedRemotesFile(env, dataDir);
  const origin = (env.SHELL_ORIGIN ?? '').trim() || `http://localhost:${(env.PORT ?? '').trim() || '8080'}`;
  try {
    if (command === 'deploy' && args.length === 2) {
      const result = await deploy({ name: args[0], url: args[1], file, origin, fetchImpl });
      out(result.lines.join('\n'));
      return EXIT.ok;
    }
    if (command === 'rollback' && args.length === 1) {
      out(rollback({ name: args[0], file }).lines.join('\n'));
      return EXIT.ok;
    }
    err(USAGE);
    return EXIT.usage;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    err(`remote:${command}: refused — ${error.message}`);
    if (error.code === EXIT.usage) err(USAGE);
    else err(`Nothing was changed (${path.relative(process.cwd(), file) || file}).`);
    return error.code;
  }
}

module.exports = { EXIT, Refusal, deploy, rollback, main, verifyRemote };

if (require.main === module) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error?.stack ?? error);
      process.exit(1);
    },
  );
}
