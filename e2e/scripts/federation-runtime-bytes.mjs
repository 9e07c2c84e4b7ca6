#!/usr/bin/env node
// `node e2e/scripts/federation-runtime-bytes.mjs`: how many bytes each remote's remoteEntry.js spends on its own
// copy of the federation runtime, and what /dashboard would save if the remotes used the shell's instead
// (issue 23 item 7: "share one if the measured bytes say it pays").
//
// For every remote of platform/remotes.json it builds the remote twice, in memory from its own webpack config
// and into a temporary folder: as it ships, and with the federation plugin's `experiments.externalRuntime`
// (the runtime core taken from the page's `_FEDERATION_RUNTIME_CORE`, which a shell would then have to
// provide). Sizes are of the files the builds wrote — remoteEntry.js and the .gz and .br variants the
// launcher serves (level 9 gzip, quality 11 brotli, platform/build/webpack.cjs) — never estimated. /dashboard
// loads the entries of the remotes with dashboard widgets; their sum is what sharing would save there.
// Prints a table; exits 0 whatever the figures (1 only when a build fails). Slow: two production builds a
// remote (REMOTES=remote-inventory,… to measure fewer).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const webpack = require(path.join(REPO, 'node_modules', 'webpack'));
const { remotes: REMOTES } = require(path.join(REPO, 'platform', 'remotes.json'));

const only = process.env.REMOTES?.split(',').map((dir) => dir.trim());
const measured = REMOTES.filter((remote) => !only || only.includes(remote.dir));

/** The remote's production config, as `npm run build` makes it, writing to `outDir`. */
function remoteConfig(dir, outDir, externalRuntime) {
  const factory = require(path.join(REPO, dir, 'webpack.config.js'));
  const config = factory({}, { mode: 'production' });
  config.output = { ...config.output, path: outDir };
  if (externalRuntime) {
    const federation = config.plugins.find(
      (plugin) => plugin?.constructor?.name === 'ModuleFederationPlugin',
    );
    if (!federation) throw new Error(`${dir}: no ModuleFederationPlugin in its webpack config`);
    federation._options = {
      ...federation._options,
      experiments: { ...federation._options.experiments, externalRuntime: true },
    };
  }
  return config;
}

function build(config) {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      return resolve();
    });
  });
}

const size = (file) => statSync(file).size;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

async function entrySizes(dir, externalRuntime) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), `loupe-runtime-bytes-${dir}-`));
  try {
    await build(remoteConfig(dir, outDir, externalRuntime));
    const entry = path.join(outDir, 'remoteEntry.js');
    const text = readFileSync(entry, 'utf8');
    return {
      raw: size(entry),
      gz: size(`${entry}.gz`),
      br: size(`${entry}.br`),
      external: text.includes('_FEDERATION_RUNTIME_CORE'),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const remote of measured) {
  process.stderr.write(`building ${remote.dir} (as shipped, then with an external runtime)…\n`);
  const shipped = await entrySizes(remote.dir, false);
  const external = await entrySizes(remote.dir, true);
  if (!external.external)
    throw new Error(`${remote.dir}: the external-runtime build still bundles its runtime`);
  rows.push({ remote, shipped, external });
}

const line = (cells) => `| ${cells.join(' | ')} |`;
console.log(
  line([
    'remote',
    'on /dashboard',
    'remoteEntry.js raw',
    'gzip',
    'brotli',
    'gzip, external runtime',
    'runtime (gzip)',
  ]),
);
console.log(line(['---', '---', '---:', '---:', '---:', '---:', '---:']));
for (const { remote, shipped, external } of rows) {
  console.log(
    line([
      remote.dir,
      remote.widgets ? 'yes' : 'no',
      kb(shipped.raw),
      kb(shipped.gz),
      kb(shipped.br),
      kb(external.gz),
      kb(shipped.gz - external.gz),
    ]),
  );
}
const dashboard = rows.filter(({ remote }) => remote.widgets);
const sum = (pick) => dashboard.reduce((total, row) => total + pick(row), 0);
console.log('');
console.log(
  `/dashboard loads ${dashboard.length} remoteEntry.js (${dashboard.map(({ remote }) => remote.dir).join(', ')}): ` +
    `${kb(sum((r) => r.shipped.gz))} gzip (${kb(sum((r) => r.shipped.br))} brotli) as shipped, ` +
    `${kb(sum((r) => r.external.gz))} gzip (${kb(sum((r) => r.external.br))} brotli) with the shell's runtime: ` +
    `${kb(sum((r) => r.shipped.gz - r.external.gz))} gzip, ${kb(sum((r) => r.shipped.br - r.external.br))} brotli saved.`,
);
