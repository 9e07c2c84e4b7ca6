const { createJestConfig } = require('../platform/build/jest.config.base.cjs');

const base = createJestConfig(__dirname);
module.exports = {
  ...base,
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/test/stand-in-remotes.ts'],
};
