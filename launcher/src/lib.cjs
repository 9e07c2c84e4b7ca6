// Pure helpers of `npm start` (start.mjs) and the shell's dev server, kept apart so they are unit-tested.
// CommonJS so both the ESM start script and the CommonJS webpack config (and jest) can load them.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { URL } = require('node:url');
const LIST = require('../../platform/remotes.json');

/** The remotes as the one list (platform/remotes.json) has them, in port order. */
const REMOTES = [...LIST.remotes].sort((a, b) => a.portOffset - b.portOffset);

const DEFAULT_SHELL_PORT = LIST.shellPort;
const DEFAULT_REMOTES_PORT_BASE = LIST.remotesPortBase;
/** How many consecutive ports from REMOTES_PORT_BASE the remotes take. */
const REMOTES_PORT_SPAN = Math.max(...REMOTES.map((remote) => remote.portOffset)) + 1;

function port(env, name, fallback, span = 1) {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value + span - 1 > 65535) {
    throw new Error(
      `${name} must be a port number from 1 to ${65536 - span} (got ${JSON.stringify(env[name])})`,
    );
  }
  return value;
}

/** Where each remote comes from: served by this process on its own port, or an external base URL. */
function planRemotes(env) {
  const base = port(env, 'REMOTES_PORT_BASE', DEFAULT_REMOTES_PORT_BASE, REMOTES_PORT_SPAN);
  return REMOTES.map((remote) => {
    const external = (env[remote.env] ?? '').trim();
    if (external === '') return { ...remote, local: true, port: base + remote.portOffset };
    let url;
    try {
      url = new URL(external);
    } catch {
      throw new Error(`${remote.env} must be an absolute http(s) URL (got ${JSON.stringify(external)})`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`${remote.env} must be an http(s) URL (got ${JSON.stringify(external)})`);
    }
    return { ...remote, local: false, url: url.href };
  });
}

/** A remote's base URL → its manifest URL; a URL that already names a .json/.js entry is kept as it is. */
function manifestUrl(base) {
  if (/\.(json|js)(\?|#|$)/.test(base)) return base;
  return `${base.replace(/\/+$/, '')}/mf-manifest.json`;
}

/**
 * The body of /remotes.json. Locally served remotes are addressed with the host name the browser used for the
 * shell (localhost, 127.0.0.1, a LAN name…), so the same process works however it is reached.
 */
function remotesConfig(plan, { protocol = 'http', hostname = 'localhost' } = {}) {
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return {
    remotes: plan.map((remote) => ({
      name: remote.name,
      entry: remote.local ? `${protocol}://${host}:${remote.port}/mf-manifest.json` : manifestUrl(remote.url),
    })),
  };
}

/** /remotes.json of the shell's dev server: each remote's own dev server (same ports as `npm start`). */
function devRemotesConfig(env, hostname) {
  return remotesConfig(planRemotes(env), { protocol: 'http', hostname });
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Cache rules: whatever names the current release (HTML, the manifest, remoteEntry.js, remotes.json) is
 * revalidated on every load; content-hashed files never change under their name and are cached for a year.
 */
function cacheControlFor(fileName) {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  if (
    base === 'mf-manifest.json' ||
    base === 'remoteEntry.js' ||
    base === 'remotes.json' ||
    /\.html?$/.test(base)
  ) {
    return NO_CACHE;
  }
  if (/\.[0-9a-f]{16,}\.(js|css|mjs|wasm|woff2?|png|jpe?g|svg|gif|webp)$/.test(base)) return IMMUTABLE;
  return NO_CACHE;
}

/**
 * The file `npm run remote:deploy` writes and the shell's server reads on every /remotes.json: remotes
 * switched since the start, each with the entry it replaced (null: the start's own, from the environment).
 * `REMOTES_FILE`, else `deployed-remotes.json` in the data folder (`dataDir`, as the server resolved it).
 * Relative paths are taken from where the command was typed (INIT_CWD under npm), as DATA_DIR's are.
 */
function deployedRemotesFile(env, dataDir) {
  const base = env.INIT_CWD && path.isAbsolute(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
  const configured = (env.REMOTES_FILE ?? '').trim();
  if (configured !== '') return path.resolve(base, configured);
  return path.join(path.resolve(base, dataDir), 'deployed-remotes.json');
}

/**
 * `{ remotes: { inventory: { entry, deployedAt, previous: { entry, deployedAt } | null } } }`; no file is no
 * deploy yet. A file that cannot be read as that throws, naming it.
 */
function readDeployedRemotes(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return { remotes: {} };
    throw error;
  }
  const data = JSON.parse(text);
  if (!data || typeof data !== 'object' || !data.remotes || typeof data.remotes !== 'object') {
    throw new Error(`${file} is not a deployed-remotes file ({ "remotes": { … } })`);
  }
  return data;
}

/**
 * Writes the file whole or not at all: a temporary file beside it, flushed, then renamed over it (a rename
 * within a folder is atomic), so a shell reading it mid-deploy sees the old list or the new one.
 */
function writeDeployedRemotes(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(handle, `${JSON.stringify(data, null, 2)}\n`);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}

/** The start's plan with the deployed entries in place of the environment's (an entry is a manifest URL). */
function applyDeployed(plan, deployed) {
  return plan.map((remote) => {
    const entry = deployed.remotes?.[remote.key]?.entry;
    return typeof entry === 'string' && entry !== '' ? { ...remote, local: false, url: entry } : remote;
  });
}

function shellPort(env) {
  return port(env, 'PORT', DEFAULT_SHELL_PORT);
}

module.exports = {
  REMOTES,
  REMOTES_PORT_SPAN,
  NO_CACHE,
  IMMUTABLE,
  planRemotes,
  manifestUrl,
  remotesConfig,
  devRemotesConfig,
  cacheControlFor,
  shellPort,
  deployedRemotesFile,
  readDeployedRemotes,
  writeDeployedRemotes,
  applyDeployed,
};
