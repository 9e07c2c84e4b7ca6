const { createJestConfig } = require('../platform/build/jest.config.base.cjs');
const { readMenus } = require('../launcher/src/remote-list.cjs');

const base = createJestConfig(__dirname);
module.exports = {
  ...base,
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/test/stand-in-remotes.ts'],
  // What the shell's build defines (webpack.config.js): the menus the shell and the remotes declare.
  globals: { ...base.globals, LOUPE_MENUS: readMenus() },
};
