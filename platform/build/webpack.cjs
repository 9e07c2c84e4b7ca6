// One webpack factory for the shell and the five remotes, so every federated build agrees on loaders, output
// naming, caching and — above all — the shared singletons (federation.cjs).
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { compatibleRange, createHostShared, createSharedConfig, ROUTER_SURFACE } = require('./federation.cjs');
const { CONTRACT_KEY, requiredExposes } = require('./remote-contract.cjs');
const { swcOptions } = require('./swc.cjs');
const PLATFORM_PACKAGE = require('../package.json');
const REMOTES_LIST = require('../remotes.json');

const repo = path.resolve(__dirname, '..', '..');

/** The standalone API (`node server/dist/server.js`) that dev servers proxy `/api` to. */
const DEV_API_TARGET = process.env.LOUPE_API_URL || 'http://localhost:8000';

/**
 * What a browser downloads as text: scripts, styles, the page, manifests, SVG. Images and fonts are
 * compressed formats already, and hidden source maps are never served, so neither gets variants.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg)$/;

/**
 * Brotli at its maximum quality and gzip at level 9, written next to each file (`x.js.br`, `x.js.gz`) for the
 * servers to pick by Accept-Encoding: done once per build, so the slowest settings cost no request anything.
 * Last in the plugin list, so they compress what the other plugins emitted in the same stage (the federation
 * manifest); a variant that does not save 20% is not written and the file is served as it is.
 */
function compressionPlugins() {
  return [
    new CompressionPlugin({
      test: COMPRESSIBLE,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      },
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

/**
 * What a remote's manifest promises the shell, beside the federation runtime's own fields: the platform it
 * was built against (a caret range of @loupe/platform's version, which the shell and `remote:deploy` check
 * against the platform they run) and the modules it exposes. Shells read it before mounting, so a remote
 * built for another platform shows a fallback with a reason instead of failing at run time. The federation
 * plugin builds its manifest from a fixed set of fields (its `additionalData` reaches only mf-stats.json), so
 * the key is added to the emitted file: in the stage the manifest is emitted in, after it and before the
 * compression plugins (taps of one stage run in plugin order), so the .br/.gz copies carry it too.
 */
class RemoteContractPlugin {
  /** @param {Record<string, string>} exposes */
  constructor(exposes) {
    this.contract = {
      platform: compatibleRange(PLATFORM_PACKAGE.version),
      builtWith: PLATFORM_PACKAGE.version,
      exposes: Object.keys(exposes),
    };
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RemoteContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const asset = compilation.getAsset(MANIFEST);
          if (!asset) {
            compilation.errors.push(new compiler.webpack.WebpackError(`${MANIFEST} was not emitted`));
            return;
          }
          const manifest = JSON.parse(asset.source.source().toString());
          manifest[CONTRACT_KEY] = this.contract;
          compilation.updateAsset(MANIFEST, new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

const MANIFEST = 'mf-manifest.json';

/**
 * The shell is built without the federation plugin. With it, the plugin's runtime (22 KB compressed) sat in
 * the main chunk of every first load, /login included, where no remote is ever loaded. The shell creates its
 * runtime instance itself, from a chunk fetched when the first remote is needed, and registers its own
 * copies of the shared libraries with it (shell/src/federation/federation-runtime.ts). This plugin hands that
 * code what the plugin used to know at build time: the versions and rules of the shared libraries
 * (`LOUPE_SHARED_LIBRARIES`, from federation.cjs like every remote's `shared`) and the browser target, which
 * keeps the runtime's Node.js script loading out of the chunk as `experiments.optimization.target` does.
 */
class FederationHostPlugin {
  /** @param {string} dir the shell's package folder */
  constructor(dir) {
    this.shared = createHostShared(dir);
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    new compiler.webpack.DefinePlugin({
      LOUPE_SHARED_LIBRARIES: JSON.stringify(this.shared),
      ENV_TARGET: JSON.stringify('web'),
    }).apply(compiler);
  }
}

/**
 * @param {object} options
 * @param {string} options.dir the package folder (its `src/index.ts` is the app entry)
 * @param {string} options.name federation container name (`shell`, `remote_admin`, …)
 * @param {'shell' | 'remote'} options.kind
 * @param {number} options.devPort
 * @param {Record<string, string>} [options.exposes] remote modules, e.g. `{ './routes': './src/routes.tsx' }`
 * @param {string} [options.title] the HTML title (shell, and a remote's dev harness)
 * @param {import('webpack-dev-server').Configuration} [options.devServer] extra dev-server settings
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createWebpackConfig({ dir, name, kind, devPort, exposes = {}, title = 'Loupe', devServer = {} }) {
  return (_env, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const production = mode === 'production';
    // A remote's production build is only its federation container: the dev harness (src/index.ts →
    // bootstrap → src/dev) exists for its team's standalone server and must never ship.
    const withApp = kind === 'shell' || !production;

    return {
      mode,
      context: dir,
      entry: withApp ? { main: './src/index.ts' } : {},
      // Production maps are for error reports only: no sourceMappingURL in the scripts, and the servers
      // refuse *.map. The development server's eval maps need 'unsafe-eval' and never face a CSP here.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Content-hashed names let the servers cache chunks for a year; remoteEntry.js keeps its name (the
        // manifest points at it) and is served no-cache instead.
        filename: production ? '[name].[contenthash].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
        // Remotes are served from their own origins: chunk URLs are resolved from where the script came from.
        publicPath: 'auto',
        uniqueName: name,
        // tsc -b writes declarations to dist/types; keep them so type checking stays incremental.
        clean: { keep: /^types[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          // Compile contracts from source like the platform, so a remote builds without `tsc -b` having run;
          // the browser entry carries paths and types only, keeping the schema builder off the page.
          '@loupe/contracts$': path.join(repo, 'contracts', 'src', 'browser.ts'),
          'react-router-dom$': ROUTER_SURFACE,
        },
      },
      module: {
        // An import of something a module does not export is an error, not `undefined` at run time — above
        // all for the router surface, which lists only what Loupe uses.
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          // Types stripped by swc (swc.cjs); type checking is `tsc -b`'s job. Platform and contracts sources,
          // outside the package, are compiled into each bundle the same way.
          ...[false, true].map((tsx) => ({
            test: tsx ? /\.tsx$/ : /\.ts$/,
            exclude: /node_modules/,
            loader: require.resolve('swc-loader'),
            options: swcOptions({ tsx }),
          })),
        ],
      },
      plugins: [
        kind === 'shell'
          ? new FederationHostPlugin(dir)
          : new ModuleFederationPlugin({
              name,
              filename: 'remoteEntry.js',
              exposes,
              // A remote loads no other remote: only the shell does, from /remotes.json at run time.
              remotes: {},
              shared: createSharedConfig(dir),
              shareStrategy: 'loaded-first',
              manifest: true,
              dts: false,
              experiments: {
                // Only the shell reads manifests and loads remotes; a remote's container needs neither the
                // snapshot (manifest) code nor remote loading, which keeps every remoteEntry.js small.
                optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
                // Platform 1.1: the shell hands its federation runtime core to the page
                // (shell/src/federation/federation-runtime.ts), so a production remoteEntry.js carries none of
                // its own (11 KB gzip each, e2e/scripts/README.md). A remote's standalone dev harness has no
                // shell, so development builds keep theirs.
                externalRuntime: production,
              },
            }),
        ...(kind === 'remote' ? [new RemoteContractPlugin(exposes)] : []),
        ...(withApp
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title,
                // Deep links (/inventory/edit/7) get index.html from the SPA fallback: script URLs must be
                // absolute or the browser would ask for /inventory/edit/main.js.
                publicPath: '/',
                chunks: ['main'],
              }),
            ]
          : []),
        ...(production ? compressionPlugins() : []),
      ],
      optimization: {
        // Stable ids keep unchanged chunks' hashes (and thus browser caches) across releases.
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // swc's minifier through webpack's own minimizer plugin (the one its default runs terser with), at the
        // default's two compress passes: remote-inventory's build took 16.0 s of CPU with terser, 9.3 s not
        // minified, 8.6 s with swc's, and its scripts came out 1% smaller (docs/perf/ci-time.md).
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            minimizerOptions: { compress: { passes: 2 } },
          }),
        ],
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // The shell (another origin in development) loads this build's manifest and chunks.
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The standalone API serves at its root (/auth-check/); the browser calls /api/auth-check/ as in production.
        proxy: [
          { context: ['/api'], target: DEV_API_TARGET, changeOrigin: false, pathRewrite: { '^/api': '' } },
        ],
        client: { overlay: { warnings: false, errors: true } },
        ...devServer,
      },
    };
  };
}

/**
 * A remote's build, all of it read from the remotes list (platform/remotes.json) by the remote's folder: its
 * container name, its dev-server port (the port `npm start` serves it from by default) and what it exposes.
 * @param {string} dir the remote's package folder
 */
function createRemoteWebpackConfig(dir) {
  const remote = REMOTES_LIST.remotes.find((candidate) => candidate.dir === path.basename(dir));
  if (!remote) throw new Error(`${path.basename(dir)} is not in platform/remotes.json`);
  return createWebpackConfig({
    dir,
    name: remote.name,
    kind: 'remote',
    devPort: REMOTES_LIST.remotesPortBase + remote.portOffset,
    title: `Loupe ${remote.title} (standalone)`,
    // The shell mounts exactly these (remote-contract.cjs), and checks each remote's manifest lists them.
    exposes: Object.fromEntries(
      requiredExposes(remote).map((expose) => [expose, `./src/${expose.slice(2)}.tsx`]),
    ),
  });
}

module.exports = { createWebpackConfig, createRemoteWebpackConfig };
