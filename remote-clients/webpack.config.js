// remote_clients: federated remote for the shell; `npm run dev` serves it alone on :8083 with the dev harness.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_clients',
  kind: 'remote',
  devPort: 8083,
  title: 'Loupe Clients (standalone)',
  exposes: { './routes': './src/routes.tsx', './widgets': './src/widgets.tsx' },
});
