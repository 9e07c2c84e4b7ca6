// remote_finance: federated remote for the shell; `npm run dev` serves it alone on :8084 with the dev harness.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_finance',
  kind: 'remote',
  devPort: 8084,
  title: 'Loupe Finance (standalone)',
  exposes: { './routes': './src/routes.tsx', './widgets': './src/widgets.tsx' },
});
