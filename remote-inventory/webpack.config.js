// remote_inventory: federated remote for the shell; `npm run dev` serves it alone on :8082 with the dev harness.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_inventory',
  kind: 'remote',
  devPort: 8082,
  title: 'Loupe Inventory (standalone)',
  exposes: { './routes': './src/routes.tsx', './widgets': './src/widgets.tsx' },
});
