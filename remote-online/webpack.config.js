// remote_online: federated remote for the shell; `npm run dev` serves it alone with the dev harness. Its container
// name, port and exposed modules come from its entry in platform/remotes.json.
const { createRemoteWebpackConfig } = require('../platform/build/webpack.cjs');

module.exports = createRemoteWebpackConfig(__dirname);
