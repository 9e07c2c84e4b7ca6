// remote_auth: federated remote for the shell; `npm run dev` serves it alone on :8081 with the dev harness.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_auth',
  kind: 'remote',
  devPort: 8081,
  title: 'Loupe Account (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
