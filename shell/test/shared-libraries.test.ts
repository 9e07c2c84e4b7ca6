/**
 * One copy of each shared library on the page, the shell's, with the federation runtime off the first load.
 * The shell is built without the federation plugin: it registers the copies it bundled for itself with the
 * runtime it creates when the first remote is needed, while every remote keeps them lazy, so a remote
 * mounted in the shell uses the page's copies and downloads none. Read from the webpack configurations the
 * builds really use, and from the shell's runtime module with the runtime package replaced.
 */
import path from 'node:path';
import * as Platform from '@loupe/platform';
import { createInstance } from '@module-federation/enhanced/runtime';
import * as React from 'react';
import * as StyledComponents from 'styled-components';
import { sharedLibraries } from '../src/federation/shared-copies';

jest.mock('@module-federation/enhanced/runtime', () => ({ createInstance: jest.fn() }));

type SharedConfig = Record<string, { singleton: boolean; eager?: boolean; version?: string }>;
type HostShared = Record<string, { version: string; shareConfig: { singleton: boolean } }>;
type Plugin = { constructor: { name: string }; _options?: { shared?: SharedConfig }; shared?: HostShared };
type RuntimeModule = typeof import('../src/federation/federation-runtime');

const repo = path.resolve(__dirname, '..', '..');

function pluginsOf(configFile: string): Plugin[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack configurations are CommonJS
  const factory = require(path.join(repo, configFile)) as (
    env: unknown,
    argv: { mode: string },
  ) => { plugins: Plugin[] };
  return factory({}, { mode: 'production' }).plugins;
}

function remoteShared(remote: string): SharedConfig {
  const plugin = pluginsOf(`${remote}/webpack.config.js`).find(
    (candidate) => candidate.constructor.name === 'ModuleFederationPlugin',
  );
  const shared = plugin?._options?.shared;
  if (!shared) throw new Error(`${remote} has no federation shared config`);
  return shared;
}

function shellShared(): HostShared {
  const shared = pluginsOf('shell/webpack.config.js').find((plugin) => plugin.shared)?.shared;
  if (!shared) throw new Error('the shell build defines no shared libraries');
  return shared;
}

/** A fresh copy of the runtime module (its instance is module state). */
function freshRuntimeModule(): RuntimeModule {
  let runtimeModule!: RuntimeModule;
  jest.isolateModules(() => {
    runtimeModule = jest.requireActual('../src/federation/federation-runtime');
  });
  return runtimeModule;
}

// Every remote of the one remote list (platform/remotes.json): a remote added there is checked here too.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- JSON
const REMOTES = (require('../../platform/remotes.json') as { remotes: Array<{ dir: string }> }).remotes.map(
  (remote) => remote.dir,
);

describe('the shell’s build', () => {
  it('has no federation plugin, so no runtime in its main chunk, and defines every shared library', () => {
    const plugins = pluginsOf('shell/webpack.config.js');
    expect(plugins.map((plugin) => plugin.constructor.name)).not.toContain('ModuleFederationPlugin');
    const shared = shellShared();
    for (const key of ['react', 'react-dom', 'react-router-dom', 'styled-components', '@loupe/platform']) {
      expect([key, shared[key]?.shareConfig.singleton]).toEqual([key, true]);
    }
  });

  it('carries TanStack Query inside the shared platform, which no remote can bypass', () => {
    expect(Object.keys(shellShared())).not.toContain('@tanstack/react-query');
    for (const remote of REMOTES) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json
      const { dependencies = {}, devDependencies = {} } = require(
        path.join(repo, remote, 'package.json'),
      ) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      // Lint lets a remote import only what its package.json declares: declaring it would allow a second copy.
      const declared = Object.keys({ ...dependencies, ...devDependencies });
      expect({ remote, declaresTanStack: declared.includes('@tanstack/react-query') }).toEqual({
        remote,
        declaresTanStack: false,
      });
    }
  });

  it.each(REMOTES)('shares what %s shares, which keeps each library a lazy singleton', (remote) => {
    const shared = remoteShared(remote);
    const host = shellShared();
    expect(Object.keys(shared).sort()).toEqual(Object.keys(host).sort());
    for (const [key, library] of Object.entries(shared)) {
      expect([key, library.eager, library.singleton]).toEqual([key, false, true]);
    }
    // The router surface lives in the platform's folder: both sides give it the router's version.
    expect(host['react-router-dom']?.version).toBe(shared['react-router-dom']?.version);
  });
});

describe('the runtime the shell creates', () => {
  beforeEach(() => jest.mocked(createInstance).mockReset());

  it('registers the shell’s own copies, loaded, at the versions its build defines', () => {
    const shared = sharedLibraries() as Record<
      string,
      { version: string; shareConfig: unknown; lib: () => Record<string, unknown> }
    >;
    expect(Object.keys(shared).sort()).toEqual(Object.keys(shellShared()).sort());
    for (const [key, { version, shareConfig }] of Object.entries(shellShared())) {
      expect([key, shared[key]?.version, shared[key]?.shareConfig]).toEqual([key, version, shareConfig]);
    }
    expect(shared['react']?.lib().useState).toBe(React.useState);
    expect(shared['styled-components']?.lib().ThemeProvider).toBe(StyledComponents.ThemeProvider);
    expect(shared['@loupe/platform']?.lib().AuthProvider).toBe(Platform.AuthProvider);
  });

  it('is created once, as the container the remotes know, taking whatever copy is loaded', async () => {
    const instance = { loadRemote: jest.fn() };
    jest.mocked(createInstance).mockReturnValue(instance as never);
    const { federationRuntime } = freshRuntimeModule();
    expect(createInstance).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([federationRuntime(), federationRuntime()]);
    expect(first).toBe(instance);
    expect(second).toBe(instance);
    await expect(federationRuntime()).resolves.toBe(instance);
    expect(createInstance).toHaveBeenCalledTimes(1);
    expect(jest.mocked(createInstance).mock.calls[0]?.[0]).toMatchObject({
      name: 'shell',
      remotes: [],
      shareStrategy: 'loaded-first',
      shared: expect.objectContaining({ react: expect.objectContaining({ version: React.version }) }),
    });
  });

  it('hands its runtime core to the page, which every remote’s production build uses instead of its own (platform 1.1)', async () => {
    jest.mocked(createInstance).mockReturnValue({ loadRemote: jest.fn() } as never);
    await freshRuntimeModule().federationRuntime();
    const { plugins = [] } = jest.mocked(createInstance).mock.calls[0]?.[0] ?? {};
    expect(plugins.map((plugin) => plugin.name)).toEqual(['inject-external-runtime-core-plugin']);
    for (const remote of REMOTES) {
      for (const mode of ['production', 'development']) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack configurations are CommonJS
        const factory = require(path.join(repo, remote, 'webpack.config.js')) as (
          env: unknown,
          argv: { mode: string },
        ) => {
          plugins: Array<{
            constructor: { name: string };
            _options?: { experiments?: { externalRuntime?: boolean } };
          }>;
        };
        const federation = factory({}, { mode }).plugins.find(
          (plugin) => plugin.constructor.name === 'ModuleFederationPlugin',
        );
        // A remote's standalone dev harness has no shell to take a runtime from.
        expect([remote, mode, federation?._options?.experiments?.externalRuntime]).toEqual([
          remote,
          mode,
          mode === 'production',
        ]);
      }
    }
  });

  it('is tried again after a failure instead of keeping it', async () => {
    const instance = { loadRemote: jest.fn() };
    jest
      .mocked(createInstance)
      .mockImplementationOnce(() => {
        throw new Error('ChunkLoadError: Loading chunk federation failed');
      })
      .mockReturnValue(instance as never);
    const { federationRuntime } = freshRuntimeModule();
    await expect(federationRuntime()).rejects.toThrow('Loading chunk federation failed');
    await expect(federationRuntime()).resolves.toBe(instance);
  });
});
