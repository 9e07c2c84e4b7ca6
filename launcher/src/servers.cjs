// The servers `npm start` runs: the shell (with the API under /api) and one static server per remote, each
// with the product's browser security headers and Host check. Apart from start.mjs so tests can inject.
'use strict';

const { createHash } = require('node:crypto');
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const Fastify = require('fastify');
const fastifyStatic = require('@fastify/static');
const {
  frameworkErrors,
  installAllowedHosts,
  registerSecurityHeaders,
  trustProxyOption,
  LOCKED_DOWN_CSP,
} = require('@loupe/server');
const { applyDeployed, cacheControlFor, readDeployedRemotes, remotesConfig, NO_CACHE } = require('./lib.cjs');

/** `'sha256-…'` of every inline <script> of the page: the CSP allows exactly these, not 'unsafe-inline'. */
function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Where the locally served remotes may be loaded from: their ports on every allowed host name (the shell
 * addresses them with the host name the browser used). CSP has no syntax for IPv6 literals, so `[::1]` is
 * left out: reach the app on localhost or 127.0.0.1.
 */
function remoteSources(plan, allowedHosts) {
  const sources = [];
  for (const remote of plan) {
    if (!remote.local) {
      sources.push(new URL(remote.url).origin);
      continue;
    }
    for (const host of allowedHosts) {
      if (host.startsWith('[')) continue;
      if (host === '*') sources.push(`*:${remote.port}`);
      else if (host.startsWith('.'))
        sources.push(`${host.slice(1)}:${remote.port}`, `*${host}:${remote.port}`);
      else sources.push(`${host}:${remote.port}`);
    }
  }
  return [...new Set(sources)];
}

/**
 * The shell's Content-Security-Policy. Scripts: our own files, the remotes' and the page's inline theme
 * script by hash. Styles need 'unsafe-inline': styled-components writes its rules into <style> elements at
 * run time (a nonce would need a per-request HTML rewrite), and index.html sets color-scheme inline; style
 * injection cannot run script. Images: blob: for the preview of a file being uploaded.
 */
function shellCsp({ plan, allowedHosts, html, deployedOrigins = () => [] }) {
  const remotes = remoteSources(plan, allowedHosts);
  // Remotes deployed since the start (remote:deploy), read when each response is sent: a page loaded after
  // a deploy may load the remote from its new origin, with no restart. Helmet asks once per directive; the
  // answer is kept for the response, so five directives cost one look at the deployed list.
  /** @type {WeakMap<object, string>} */
  const perResponse = new WeakMap();
  /** @param {unknown} _request @param {object} response */
  const deployed = (_request, response) => {
    let sources = perResponse.get(response);
    if (sources === undefined) {
      sources = deployedOrigins().join(' ') || "'self'";
      perResponse.set(response, sources);
    }
    return sources;
  };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(html), ...remotes, deployed],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes, deployed],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, deployed],
    'font-src': ["'self'", 'data:', ...remotes, deployed],
    'connect-src': ["'self'", ...remotes, deployed],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The build's precompressed variants of a file (platform/build/webpack.cjs): `x.js.br`, `x.js.gz`. */
const VARIANT = /\.(br|gz)$/;

/** Files the build writes brotli/gzip variants of: their answer depends on Accept-Encoding. */
const NEGOTIATED = /\.(js|mjs|css|html|json|svg)$/;

/**
 * Build reports the federation plugin writes beside a remote's files: mf-stats.json lists every module,
 * shared package and source path of the build, for tooling, and no browser loads it (the shell reads
 * mf-manifest.json).
 */
const BUILD_REPORTS = new Set(['mf-stats.json']);

/**
 * Source maps are built (hidden) for error reporting but never served; `types/` is tsc's output, and the
 * build's reports (BUILD_REPORTS) are not for browsers either. A variant is only ever sent as the
 * Content-Encoding of its file, never asked for by name (it would go out as an opaque download without its
 * file's type).
 */
function servable(pathName) {
  return (
    !pathName.startsWith('/types/') &&
    !pathName.endsWith('.map') &&
    !VARIANT.test(pathName) &&
    !BUILD_REPORTS.has(path.posix.basename(pathName))
  );
}

/**
 * Static files with the product's cache rules, each sent as the build's brotli or gzip variant when the
 * request's Accept-Encoding allows it (q-values honoured, br preferred) and as it is otherwise.
 */
function staticFiles(dir, { cors }) {
  return {
    root: dir,
    cacheControl: false,
    etag: true,
    lastModified: true,
    preCompressed: true,
    allowedPath: servable,
    setHeaders(res, filePath) {
      // filePath is the variant when one is sent: its rules are the file's own.
      const file = filePath.replace(VARIANT, '');
      res.setHeader('Cache-Control', cacheControlFor(file));
      // Even the uncompressed answer must say it was chosen by Accept-Encoding, or a shared cache could
      // hand it (or a brotli body) to a client that asked otherwise.
      if (NEGOTIATED.test(file)) res.setHeader('Vary', 'Accept-Encoding');
      if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    },
  };
}

/** A remote's own server: its build folder, readable by the shell's origin (CORS, CORP cross-origin). */
async function createRemoteServer({ dist, config }) {
  const app = Fastify({ logger: false, trustProxy: trustProxyOption(config.trustProxy) });
  // Scripts and manifests render nothing: the locked-down policy costs them nothing.
  await registerSecurityHeaders(app, { csp: LOCKED_DOWN_CSP, crossOriginResourcePolicy: 'cross-origin' });
  installAllowedHosts(app, config.allowedHosts);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  await app.register(fastifyStatic, staticFiles(dist, { cors: true }));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('Cache-Control', NO_CACHE).send('Not found'),
  );
  return app;
}

/**
 * A request for a file (a script, a style sheet, a source map, a variant, an image…) that is not there: no
 * page for it. Browsers ask for /favicon.ico on every first visit; the page instead would cost a request's
 * worth of HTML for nothing.
 */
const ASSET = /\.(js|mjs|css|map|json|wasm|txt|br|gz|ico|png|jpe?g|gif|svg|webp|woff2?)$/;

/**
 * The shell: the API under /api, /remotes.json, the built app and its SPA fallback. `api` is the API
 * plugin with its options (start.mjs: loupeApi with the opened database); `publicSite`, when given, the public
 * storefront's plugin (its routes are under /store, with a policy of their own and their own 404 pages).
 */
async function createShellServer({ dist, plan, config, api, publicSite, logger = false, remotesFile }) {
  const app = Fastify({
    logger,
    // A TRUST_PROXY hop count as the API means it (Fastify alone would trust nobody for a bare number).
    trustProxy: trustProxyOption(config.trustProxy),
    // API calls are worth a log line; every static chunk of every page load is not.
    disableRequestLogging: (request) => !request.url.startsWith('/api/'),
    // A URL Fastify cannot route (a malformed escape, an over-long id) is answered as the API answers it.
    frameworkErrors,
  });
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  /**
   * The remotes as served now: the start's plan with what remote:deploy switched since, so a deploy or
   * rollback needs no restart. The file is looked at on every use but read and parsed again only when it
   * changed (remote:deploy renames a new file over it: a new inode and mtime); a file that cannot be read keeps
   * the plan and says so in the log rather than taking every remote down.
   */
  /** @type {{ stamp: string, plan: typeof plan } | null} */
  let lastRead = null;
  const currentPlan = () => {
    if (!remotesFile) return plan;
    try {
      const stat = statSync(remotesFile, { throwIfNoEntry: false });
      const stamp = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'none';
      if (lastRead?.stamp !== stamp) {
        lastRead = { stamp, plan: applyDeployed(plan, readDeployedRemotes(remotesFile)) };
      }
      return lastRead.plan;
    } catch (error) {
      lastRead = null;
      app.log.error({ err: error, remotesFile }, 'deployed remotes unreadable: serving the start’s list');
      return plan;
    }
  };
  const deployedOrigins = () =>
    currentPlan()
      .filter((remote, index) => !remote.local && remote.url !== plan[index]?.url)
      .map((remote) => new URL(remote.url).origin);
  await registerSecurityHeaders(app, {
    csp: shellCsp({ plan, allowedHosts: config.allowedHosts, html, deployedOrigins }),
  });
  installAllowedHosts(app, config.allowedHosts);
  await app.register(api.plugin, { prefix: '/api', ...api.options });
  if (publicSite) await app.register(publicSite.plugin, publicSite.options);

  // The answer names the (allowed) host the browser used: caches must keep one copy per host.
  app.get('/remotes.json', (request, reply) => {
    reply
      .header('Cache-Control', NO_CACHE)
      .header('Vary', 'Host')
      .send(remotesConfig(currentPlan(), { protocol: request.protocol, hostname: request.hostname }));
  });

  await app.register(fastifyStatic, { ...staticFiles(dist, { cors: false }), index: ['index.html'] });
  // SPA fallback: a deep link (/inventory/edit/7) gets the app, which routes on the client.
  app.setNotFoundHandler((request, reply) => {
    const pathName = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathName.startsWith('/api/') &&
      !ASSET.test(pathName);
    if (!isPage) return reply.code(404).send({ detail: 'Not found.' });
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', dist);
  });
  return app;
}

module.exports = {
  inlineScriptHashes,
  remoteSources,
  shellCsp,
  createRemoteServer,
  createShellServer,
};
