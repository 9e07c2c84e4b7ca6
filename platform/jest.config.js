const { createJestConfig } = require('./build/jest.config.base.cjs');

module.exports = createJestConfig(__dirname);
