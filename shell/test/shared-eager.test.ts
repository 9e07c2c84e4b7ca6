/**
 * The shell's build carries the shared libraries in its main chunk (one request for the whole first load),
 * while every remote keeps them lazy: a remote mounted in the shell must use the page's copies, never
 * download its own. Read from the webpack configurations the builds really use.
 */
import path from 'node:path';

type SharedConfig = Record<string, { singleton: boolean; eager?: boolean }>;
type Federation = { constructor: { name: string }; _options?: { shared?: SharedConfig } };

const repo = path.resolve(__dirname, '..', '..');

function sharedOf(configFile: string): SharedConfig {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack configurations are CommonJS
  const factory = require(path.join(repo, configFile)) as (
    env: unknown,
    argv: { mode: string },
  ) => { plugins: Federation[] };
  const plugin = factory({}, { mode: 'production' }).plugins.find(
    (candidate) => candidate.constructor.name === 'ModuleFederationPlugin',
  );
  const shared = plugin?._options?.shared;
  if (!shared) throw new Error(`${configFile} has no federation shared config`);
  return shared;
}

describe('shared libraries', () => {
  it('are eager in the shell: react, react-dom, the router, the query cache, styled-components, the platform', () => {
    const shared = sharedOf('shell/webpack.config.js');
    for (const key of [
      'react',
      'react-dom',
      'react-router-dom',
      '@tanstack/react-query',
      'styled-components',
      '@loupe/platform',
    ]) {
      expect([key, shared[key]?.eager, shared[key]?.singleton]).toEqual([key, true, true]);
    }
    expect(Object.values(shared).every((library) => library.eager === true)).toBe(true);
  });

  it.each(['remote-auth', 'remote-inventory', 'remote-clients', 'remote-finance', 'remote-admin'])(
    'stay lazy singletons in %s, so the page’s copies are the ones it uses',
    (remote) => {
      const shared = sharedOf(`${remote}/webpack.config.js`);
      expect(Object.keys(shared)).toEqual(Object.keys(sharedOf('shell/webpack.config.js')));
      for (const [key, library] of Object.entries(shared)) {
        expect([key, library.eager, library.singleton]).toEqual([key, false, true]);
      }
    },
  );
});
