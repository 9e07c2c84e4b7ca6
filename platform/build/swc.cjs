// How the browser packages' TypeScript becomes JavaScript, for the builds (swc-loader, webpack.cjs) and the tests
// (@swc/jest, jest.config.base.cjs): types stripped one file at a time (tsconfig.base.json's isolatedModules), as
// tsconfig.base.json's target (ES2022, so class fields keep define semantics) and JSX (React's automatic runtime,
// `react/jsx-runtime`: the key the federation shares, never the development runtime swc-loader would pick for
// `--mode development`). Type checking is `tsc -b`'s job. swc replaced ts-loader, ts-jest and terser for their
// CPU: remote-inventory's build 16.0 → 5.8 s, its tests' first run (jest's cache empty) 44.5 → 39.2 s
// (docs/perf/ci-time.md).

/**
 * @param {{ tsx: boolean }} options whether the file is .tsx: JSX is parsed there only, as tsc does
 * @returns {import('@swc/core').Options}
 */
function swcOptions({ tsx }) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      target: 'es2022',
      transform: { useDefineForClassFields: true, react: { runtime: 'automatic', development: false } },
    },
  };
}

module.exports = { swcOptions };
