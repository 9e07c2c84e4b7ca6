// The one `shared` definition of every federated build: the five remotes' and what the shell registers. Everything that holds
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
  // TanStack Query is not here: remotes reach it only through the platform's query surface (platform/src/query,
  // and no remote's package.json declares it), so its one copy travels inside the shared platform, tree-shaken
  // to what that surface uses instead of whole, and there is still one QueryClientContext on the page.
  // react-hook-form is not here either, for the same reason: every form reaches it only through the platform's
  // form surface (platform/src/form: useEntityForm, the field rules from contracts), so its FormContext exists
  // once on the page inside the shared platform, and a remote cannot pin another version of it.
};

/** The router surface every build shares under the `react-router-dom` key (webpack.cjs aliases it). */
const ROUTER_SURFACE = path.join(repo, 'platform', 'src', 'router.ts');

/** Workspace libraries: shared at their own package.json version. */
const SHARED_WORKSPACES = {
  '@loupe/platform': path.join(repo, 'platform', 'package.json'),
  '@loupe/contracts': path.join(repo, 'contracts', 'package.json'),
};

/**
 * The versions a build accepts for a library it was built with, under the platform's compatibility policy
 * (platform/README.md, "Compatibility"): the same major, this release or a later one. A bare version
 * (`19.3.1`, the platform's own `1.0.0`) becomes its caret range, so a remote built against platform 1.0
 * finds the 1.1 shell's copies acceptable instead of warning that `1.1.0` is not `1.0.0`; a range a
 * package.json already states is kept as written.
 * @param {string} spec @returns {string}
 */
function compatibleRange(spec) {
  return /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(spec) ? `^${spec}` : spec;
}

/**
 * A remote's `shared` option for the federation plugin.
 * @param {string} dir the package being built; its package.json dependencies give `requiredVersion`
 * (falling back to the platform's, which declares every shared library). Each library is lazy, so a remote
 * mounted in the shell downloads none of them: it finds the shell's copies already provided.
 */
function createSharedConfig(dir) {
  const own = readJson(path.join(dir, 'package.json'));
  const platform = readJson(path.join(repo, 'platform', 'package.json'));
  const declared = { ...platform.dependencies, ...own.dependencies };

  /** @type {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean, eager: boolean, version?: string }>} */
  const shared = {};
  for (const [key, pkg] of Object.entries(SHARED_LIBRARIES)) {
    const requiredVersion = compatibleRange(declared[pkg] ?? installedVersion(pkg));
    shared[key] = { singleton: true, requiredVersion, strictVersion: false, eager: false };
    // The router surface lives in the platform's folder, whose package.json would lend it the platform's
    // version; it carries the router's own.
    if (key === 'react-router-dom') shared[key].version = installedVersion(pkg);
  }
  for (const [key, file] of Object.entries(SHARED_WORKSPACES)) {
    shared[key] = {
      singleton: true,
      requiredVersion: compatibleRange(readJson(file).version),
      strictVersion: false,
      eager: false,
    };
  }
  return shared;
}

/**
 * What the shell registers with the federation runtime it creates itself (shell/src/federation): for each
 * shared library, the version its copy is provided at and the rules a consumer applies. Built without the
 * federation plugin, the shell states these versions itself; they are the ones a remote's build gives the
 * same copy (the installed package's, the workspace's), so a remote finds one entry per library, the
 * shell's, and never registers a second.
 * @param {string} dir the shell's package folder
 * @returns {Record<string, { version: string, shareConfig: { singleton: true, requiredVersion: string, strictVersion: boolean } }>}
 */
function createHostShared(dir) {
  const host = {};
  for (const [key, { requiredVersion, singleton, strictVersion }] of Object.entries(
    createSharedConfig(dir),
  )) {
    const version =
      key in SHARED_WORKSPACES
        ? readJson(SHARED_WORKSPACES[key]).version
        : installedVersion(SHARED_LIBRARIES[key]);
    host[key] = { version, shareConfig: { singleton, requiredVersion, strictVersion } };
  }
  return host;
}

module.exports = { compatibleRange, createSharedConfig, createHostShared, ROUTER_SURFACE };
