// The host. Its build declares no remotes: where they live is read from /remotes.json at run time.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');
const { devRemotesConfig } = require('./scripts/lib.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  kind: 'shell',
  devPort: 8080,
  title: 'Loupe',
  devServer: {
    // In development every remote runs its own dev server (`npm run dev -w @loupe/remote-…`).
    setupMiddlewares(middlewares, devServer) {
      devServer.app.get('/remotes.json', (req, res) => {
        res.set('Cache-Control', 'no-cache');
        res.json(devRemotesConfig(process.env, req.hostname));
      });
      return middlewares;
    },
  },
});
