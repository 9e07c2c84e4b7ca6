const { createJestConfig } = require('../platform/build/jest.config.base.cjs');
module.exports = createJestConfig(__dirname);
