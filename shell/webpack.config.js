// The host. Its build declares no remotes: where they live is read from /remotes.json at run time.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');
const { shellPort: SHELL_PORT } = require('../platform/remotes.json');
// The dev server answers /remotes.json as `npm start` does; the launcher's helpers are pure (no server).
const { devRemotesConfig } = require('../launcher/src/lib.cjs');

module.exports = createWebpackConfig({
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
