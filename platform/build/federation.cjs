// The one `shared` definition of every federated build (shell and the five remotes). Everything that holds
// module state — React's dispatcher, the router's contexts, styled-components' theme context, the query cache's
// context, the platform's HTTP/auth singleton — must exist once on the page, so each entry is a singleton. Versions come from the
// package.json files rather than being typed here, so an upgrade in one place cannot drift from this list.
const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..', '..');

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Resolved from the platform, which declares every shared library: not from a hoisted root node_modules. */
function installedVersion(pkg) {
  return readJson(require.resolve(`${pkg}/package.json`, { paths: [__dirname] })).version;
}

/** Library name → the npm package whose version it carries (`react/jsx-runtime` is versioned by `react`). */
const SHARED_LIBRARIES = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  // Every build resolves `react-router-dom` to platform/src/router.ts (see ROUTER_SURFACE): the shared
  // singleton is that curated surface, with react-router bundled — and tree-shaken — inside it.
  'react-router-dom': 'react-router-dom',
  'styled-components': 'styled-components',
  // A second copy would bring a second QueryClientContext: a remote's hooks would not see the shell's cache.
  '@tanstack/react-query': '@tanstack/react-query',
};

/** The router surface every build shares under the `react-router-dom` key (webpack.cjs aliases it). */
const ROUTER_SURFACE = path.join(repo, 'platform', 'src', 'router.ts');

/** Workspace libraries: shared at their own package.json version. */
const SHARED_WORKSPACES = {
  '@loupe/platform': path.join(repo, 'platform', 'package.json'),
  '@loupe/contracts': path.join(repo, 'contracts', 'package.json'),
};

/**
 * @param {string} dir the package being built; its package.json dependencies give `requiredVersion`
 * (falling back to the platform's, which declares every shared library).
 * @param {{ eager?: boolean }} [options] `eager` for the shell only: its copies are the page's, needed by
 * every first load, so they travel in its main chunk instead of a dozen separate requests. Remotes keep
 * them lazy, so a remote mounted in the shell downloads none of them.
 */
function createSharedConfig(dir, { eager = false } = {}) {
  const own = readJson(path.join(dir, 'package.json'));
  const platform = readJson(path.join(repo, 'platform', 'package.json'));
  const declared = { ...platform.dependencies, ...own.dependencies };

  /** @type {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean, eager: boolean }>} */
  const shared = {};
  for (const [key, pkg] of Object.entries(SHARED_LIBRARIES)) {
    const requiredVersion = declared[pkg] ?? installedVersion(pkg);
    shared[key] = { singleton: true, requiredVersion, strictVersion: false, eager };
    // The router surface lives in the platform's folder, whose package.json would lend it the platform's
    // version; it carries the router's own.
    if (key === 'react-router-dom') shared[key].version = installedVersion(pkg);
  }
  for (const [key, file] of Object.entries(SHARED_WORKSPACES)) {
    shared[key] = { singleton: true, requiredVersion: readJson(file).version, strictVersion: false, eager };
  }
  return shared;
}

module.exports = { createSharedConfig, ROUTER_SURFACE };
