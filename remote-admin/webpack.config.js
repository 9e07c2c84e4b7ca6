// remote_admin: federated remote for the shell; `npm run dev` serves it alone on :8085 with the dev harness.
const { createWebpackConfig } = require('../platform/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_admin',
  kind: 'remote',
  devPort: 8085,
  title: 'Loupe Admin (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
