// The host. Its build declares no remotes: where they live is read from /remotes.json at run time.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');
const { shellPort: SHELL_PORT } = require('../platform/remotes.json');
// The dev server answers /remotes.json as `npm start` does; the launcher's helpers are pure (no server).
const { devRemotesConfig } = require('../launcher/src/lib.cjs');
// The sidebar and user menu: what the shell and each listed remote declare in their menus.json (issue 23 item 6).
const { readMenus, menuFiles } = require('../launcher/src/remote-list.cjs');

/** Defines LOUPE_MENUS (shell/src/layout/nav-items.ts); a changed menus.json rebuilds a watching dev server. */
class RemoteMenusPlugin {
  apply(compiler) {
    const { DefinePlugin } = compiler.webpack;
    new DefinePlugin({
      LOUPE_MENUS: DefinePlugin.runtimeValue(() => JSON.stringify(readMenus()), {
        fileDependencies: menuFiles(),
      }),
    }).apply(compiler);
  }
}

const config = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  kind: 'shell',
  devPort: SHELL_PORT,
  title: 'Loupe',
  devServer: {
    // In development every remote runs its own dev server (`npm run dev -w @loupe/remote-…`).
    setupMiddlewares(middlewares, devServer) {
      devServer.app.get('/remotes.json', (req, res) => {
        // The answer names the host the browser used: a cache must keep one copy per host.
        res.set('Cache-Control', 'no-cache');
        res.set('Vary', 'Host');
        res.json(devRemotesConfig(process.env, req.hostname));
      });
      return middlewares;
    },
  },
});

module.exports = (env, argv) => {
  const built = config(env, argv);
  return { ...built, plugins: [...built.plugins, new RemoteMenusPlugin()] };
};
