// Node, not jsdom: the launcher is a server-side script. Tests are TypeScript, typed by src/lib.d.cts.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'commonjs',
          esModuleInterop: true,
          isolatedModules: true,
          resolveJsonModule: true,
          strict: true,
          target: 'ES2022',
        },
      },
    ],
  },
};
